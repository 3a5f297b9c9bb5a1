import Foundation
import NudgeTestSupport
import Testing

/// Every line a refusal offers runs as printed (issue 40, last round: `--dose '400 mg' --at 9`
/// and `--every '1 week'` were offered, then refused), and every option that counts days reads
/// them one way: `2w`, `1 week`, `1 weeks` wherever `contacts add --every` took them.
@Suite struct SuggestedLinesRunTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        ["meds", "add", "Melatonin", "--custom", "--dose", "400", "mg", "--at", "9"],
        ["remind", "Water", "--every", "1", "week", "--at", "18:00"],
        ["call", "remind", "Sam", "--in", "1", "week"],
        ["contacts", "add", "Kim", "--every", "2", "weeks"],
    ])
    func eachLineOfferedRunsAsPrinted(typed: [String]) throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        let refused = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment, mentioning: "did you mean: nudge ")
        let line = String(try #require(refused.stderr.split(separator: "did you mean: ").last).dropLast())
        let words = try #require(try WholeLineSuggestionTests.shellWords([line]).first)
        #expect(words.suffix(2) == ["--store", store], "\(line)")
        let taken = nudge(Array(words.dropFirst().dropLast(2)))
        #expect(taken.status == 0, "\(line): \(taken)")
    }

    /// A line that would be refused for another reason is not offered: that reason is said.
    @Test(arguments: [
        (
            ["meds", "add", "Melatonin", "--dose", "400", "mg", "--at", "9"],
            "nudge: --dose takes one value, in quotes when it has several words (--dose '400 mg'); and 'Melatonin' is not a medication DoseTap knows"
        ),
        (
            ["meds", "add", "Melatonin", "--custom", "--dose", "5", "min", "--at", "21:00"],
            "nudge: --dose '5 min' is not a dose; give a positive amount with its unit: 100mg, 4.5g\n"
        ),
    ])
    func aLineThatWouldBeRefusedIsNotOffered(typed: [String], refusal: String) throws {
        let refused = try refusedOnANewStore(typed, mentioning: refusal)
        #expect(!refused.stderr.contains("did you mean"), "\(refused)")
    }

    @Test func everyCountOfDaysTakesWeeks() throws {
        #expect(nudge("contacts", "add", "Sam", "--every", "2w").status == 0)
        let fortnightly = nudge("remind", "Water", "--every", "2w", "--at", "18:00")
        #expect(fortnightly.status == 0 && fortnightly.stdout.contains("every 14 days at 18:00"), "\(fortnightly)")
        let weekly = nudge("remind", "Tea", "--every", "1 weeks", "--at", "18:00")
        #expect(weekly.status == 0 && weekly.stdout.contains("every 7 days at 18:00"), "\(weekly)")
        let call = nudge("call", "remind", "Sam", "--in", "2w")
        #expect(call.status == 0 && call.stdout.contains("(2026-12-06 09:00 CET)"), "\(call)")
        let soon = nudge("call", "remind", "Sam", "--in", "2h")
        #expect(soon.status == 0 && soon.stdout.contains("at 22:00 today"), "\(soon)")
        let symptoms = nudge("symptoms", "--days", "2w")
        #expect(symptoms.status == 0 && symptoms.stdout.contains("from 2026-11-09"), "\(symptoms)")
        try InProcessNudge.expectRefusal(
            ["remind", "Walk", "--every", "2h", "--at", "18:00"], store: store, environment: environment,
            mentioning: "--every '2h' is not a number of days; give 1 to 3650 days, as --every 3d or --every 2w")
    }
}

extension SuggestedLinesRunTests {
    /// The range refusal of `contacts add --every 0` offers --no-cadence, which `contacts add`
    /// takes as `contacts edit` does (hostile round 12: "takes no option '--no-cadence'").
    @Test func theCadenceRefusalsWayOutRuns() throws {
        _ = try refusedOnANewStore(["contacts", "add", "Al", "--every", "0"], mentioning: "or --no-cadence")
        let added = nudge("contacts", "add", "Al", "--no-cadence")
        #expect(added.status == 0 && added.stdout.hasPrefix("added Al"), "\(added)")
        try InProcessNudge.expectRefusal(
            ["contacts", "add", "Bo", "--no-cadence", "--every", "3"], store: store, environment: environment,
            mentioning: "--every and --no-cadence contradict each other")
    }

    /// `meds taken` checks the name against the store before its line is offered: `carbonate
    /// --at 1h ago` was offered as `--at '1h ago'` and then refused for the name (issue 40);
    /// `Lithium`, the words its name begins with, is offered and runs.
    @Test func aMedicationTakenIsOfferedOnlyUnderANameTheStoreHas() throws {
        #expect(
            nudge("meds", "add", "Lithium carbonate 300", "--custom", "--dose", "300mg", "--at", "08:00").status == 0)
        let refused = try InProcessNudge.expectRefusal(
            ["meds", "taken", "carbonate", "--at", "1h", "ago"], store: store, environment: environment,
            mentioning:
                "nudge: --at takes one value, in quotes when it has several words (--at '1h ago'); and 'carbonate' is not a medication DoseTap knows"
        )
        #expect(!refused.stderr.contains("did you mean"), "\(refused)")
        let offered = try InProcessNudge.expectRefusal(
            ["meds", "taken", "Lithium", "--at", "1h", "ago"], store: store, environment: environment,
            mentioning: "did you mean: nudge meds taken Lithium --at '1h ago' --store")
        #expect(nudge("meds", "taken", "Lithium", "--at", "1h ago").status == 0, "\(offered)")
    }

    /// `expectRefusal`, with what was refused.
    func refusedOnANewStore(_ arguments: [String], mentioning text: String) throws -> CommandResult {
        try StoreQuery.create(store)
        return try InProcessNudge.expectRefusal(arguments, store: store, environment: environment, mentioning: text)
    }
}
