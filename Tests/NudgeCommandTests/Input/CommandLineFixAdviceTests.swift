import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// Command-line refusals of hostile round 31 of issue 42 that named no fix: a word after a
/// command that takes none, an id of 0 told to be "not its text", a negative id said
/// "missing", and an offered line that moved the person's leading `--store` to its end.
@Suite struct CommandLineFixAdviceTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (
            ["meds", "list", "extra"],
            "nudge: Unexpected argument 'extra'; meds list takes no words; to run it: nudge meds list\n"
        ),
        (
            ["reminders", "edit", "0", "--at", "10:00"],
            "nudge: no reminder has id 0: ids are positive whole numbers; nudge reminders lists them\n"
        ),
        (
            ["reminders", "edit", "-1", "--at", "10:00"],
            "nudge: nudge reminders edit: no id is -1: ids are positive whole numbers; nudge reminders lists them\n"
        ),
    ])
    func theRefusalNamesTheFix(arguments: [String], refusal: String) throws {
        try expectRefusal(arguments, mentioning: refusal)
    }

    @Test func anOfferedLineKeepsALeadingStoreWhereItWasTyped() throws {
        try StoreQuery.create(store)
        let refused = InProcessNudge.run(
            ["--store", store, "remind", "x", "--evry", "3d", "--at", "9"], environment: environment)
        #expect(refused.status == 64, "\(refused)")
        #expect(
            refused.stderr.hasSuffix(
                "did you mean: nudge --store \(ShellWord.quoted(store)) remind x --every 3d --at 9\n"), "\(refused)")
    }
}
