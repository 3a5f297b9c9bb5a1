import Foundation
import NudgeTestSupport
import Testing

/// A verb nudge lacks is answered with nudge's one line naming the verb that does it, not the
/// parser's wording (hostile round of issue 40 after A14, Medium 5: `call reminders move 1` was
/// an unexpected argument of `call reminders list`).
@Suite struct VerbsPeopleReachForTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (
            ["call", "reminders", "move", "1", "--at", "18:00"],
            "nudge call reminders has no command 'move'; did you mean: nudge call reminders edit 1 --at 18:00\n"
        ),
        (
            ["call", "reminders", "reschedule", "1", "--on", "tomorrow"],
            "nudge call reminders has no command 'reschedule'; did you mean: nudge call reminders edit 1 --on tomorrow\n"
        ),
        (
            ["call", "reminders", "move"],
            "nudge call reminders has no command 'move'; did you mean nudge call reminders edit?\n"
        ),
        (
            ["reminders", "rename", "1", "Tea"],
            "nudge reminders has no command 'rename'; did you mean: nudge reminders edit 1 --text TEXT\n"
        ),
        (
            ["reminders", "move", "1", "--at", "10:00"],
            "nudge reminders has no command 'move'; did you mean: nudge reminders edit 1 --at 10:00\n"
        ),
        (
            ["contacts", "rename", "Sam", "Samuel"],
            "nudge contacts has no command 'rename'; did you mean: nudge contacts edit Sam --name Samuel\n"
        ),
    ])
    func aVerbNudgeLacksNamesTheOneThatDoesIt(typed: [String], refusal: String) throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        #expect(nudge("call", "remind", "Sam", "--on", "tomorrow", "--at", "9:00").status == 0)
        #expect(nudge("remind", "Water", "--at", "9", "--daily").status == 0)
        let refused = nudge(typed)
        // The line offered ends with the store it was given.
        let line = refused.stderr.replacingOccurrences(of: " --store \(store)", with: "")
        #expect(refused.status == 64 && line == "nudge: \(refusal)" && refused.stdout.isEmpty, "\(refused)")
    }
}
