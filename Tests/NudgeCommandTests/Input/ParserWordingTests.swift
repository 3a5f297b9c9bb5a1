import Foundation
import NudgeTestSupport
import Testing

/// Slips the argument parser would answer in its own words get nudge's one line (hostile round
/// of issue 40 after A14, Low): an option's beginning is answered with its full name, as a
/// typo of it is; a second id with how to give it.
@Suite struct ParserWordingTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (
            ["log", "symptom", "Fatigue", "--sev", "3"],
            "nudge log symptom takes no option '--sev'; did you mean: nudge log symptom Fatigue --severity 3\n"
        ),
        (
            ["log", "symptom", "Fatigue", "--severity", "3", "--no", "tired"],
            "nudge log symptom takes no option '--no'; did you mean: nudge log symptom Fatigue --severity 3 --notes TEXT\n"
        ),
        (
            ["symptoms", "--sea", "x"],
            "nudge symptoms takes no option '--sea'; did you mean: nudge symptoms --search TEXT\n"
        ),
        (
            ["dose", "1", "--at", "11", "pm"],
            "--at '11 pm' (23:00 yesterday, 2026-11-21 23:00 CET) is more than 12 hours ago; give a time within the last 12 hours\n"
        ),
        (
            ["call", "reminders", "cancel", "1", "2"],
            "nudge call reminders cancel takes one ID; '2' is not taken here; one id at a time: nudge call reminders cancel 2 for that one\n"
        ),
    ])
    func theRefusalIsNudgesOneLine(typed: [String], refusal: String) throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        #expect(nudge("call", "remind", "Sam", "--on", "tomorrow", "--at", "9:00").status == 0)
        #expect(nudge("call", "remind", "Sam", "--on", "tomorrow", "--at", "10:00").status == 0)
        let refused = nudge(typed)
        // The line offered ends with the store it was given.
        let line = refused.stderr.replacingOccurrences(of: " --store \(store)", with: "")
        #expect(refused.status == 64 && line == "nudge: \(refusal)" && refused.stdout.isEmpty, "\(refused)")
    }
}
