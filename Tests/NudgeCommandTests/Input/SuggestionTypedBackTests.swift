import Foundation
import NudgeTestSupport
import Testing

/// Every "did you mean" nudge prints for these slips is taken when typed back verbatim (hostile
/// round of issue 40 after A14, Medium 2: `reminders add Water --at 9` was offered `remind Water
/// --at 9`, refused for want of a repeat; `--weekly mon thu` was offered `--weekly 'mon thu'`,
/// refused). A slip whose line nudge cannot complete is answered without one.
@Suite struct SuggestionTypedBackTests {
    /// The slips, each with whether a line must be offered.
    static let slips: [([String], offered: Bool)] = [
        (["reminders", "add", "Water", "--at", "9", "--daily"], true),
        (["reminders", "new", "Water", "--at", "9", "--weekly", "mon,thu"], true),
        (["reminders", "add", "Water", "--at", "9"], false),
        (["remind", "Water", "--at", "9", "--weekly", "mon", "thu"], true),
        (["remind", "Water", "--at", "9", "--weekly", "mon", "wed", "fri"], true),
        // At 20:00, 22:00 is yesterday's, past the 12 hours a dose takes: no line.
        (["dose", "1", "--at", "10", "pm"], false),
        (["dose", "1", "--at", "7", "pm"], true),
        (["remind", "Water", "--at", "9", "pm", "--daily"], true),
        (["call", "reminders", "move", "1", "--at", "18:00"], true),
        (["reminders", "rename", "1", "Tea"], true),
        (["contacts", "rename", "Sam", "Samuel"], true),
    ]

    @Test(arguments: 0..<slips.count)
    func theLineOfferedIsTaken(slip: Int) throws {
        let (typed, mustOffer) = Self.slips[slip]
        let environment = CommandScenarioClock.berlinEvening
        let directory = TemporaryDirectory()
        let store = ["--store", directory.file("nudge.sqlite")]
        for setUp in [
            ["contacts", "add", "Sam"], ["call", "remind", "Sam", "--on", "tomorrow", "--at", "9:00"],
            ["remind", "Water", "--at", "9", "--daily"],
        ] {
            let done = InProcessNudge.run(setUp + store, environment: environment)
            #expect(done.status == 0, "\(setUp): \(done)")
        }
        let refused = InProcessNudge.run(typed + store, environment: environment)
        #expect(refused.status == 64, "\(typed): \(refused)")
        let line = try OfferedLineTests.offeredLine(in: refused.stderr, typed: typed + store)
        #expect((line != nil) == mustOffer, "\(typed): \(refused)")
        guard let line else { return }
        let taken = InProcessNudge.run(line.contains("--store") ? line : line + store, environment: environment)
        #expect(taken.status == 0, "\(typed) offered \(line): \(taken)")
    }
}
