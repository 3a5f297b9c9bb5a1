import Foundation
import NudgeTestSupport
import Testing

/// A command for a time to come (`call remind`) takes the future as people say it, echoed as
/// understood. The scenario's now is Sunday 22 November 2026, 20:00 in Berlin.
@Suite struct FutureTimeInputTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (["--at", "tomorrow 9am"], "at 09:00 tomorrow, 2026-11-23 09:00 CET"),
        (["--at", "monday 9:00"], "at 09:00 tomorrow, 2026-11-23 09:00 CET"),
        (["--at", "Sunday 21:00"], "at 21:00 today, 2026-11-22 21:00 CET"),
        (["--at", "next sunday 21:00"], "on Sunday 29 Nov, 21:00 (2026-11-29 21:00 CET)"),
        (["--at", "in 2 minutes"], "at 20:02 today, 2026-11-22 20:02 CET"),
        (["--at", "in 3 days"], "on Wednesday 25 Nov, 20:00 (2026-11-25 20:00 CET)"),
        (["--on", "next friday"], "on Friday 27 Nov, 09:00 (2026-11-27 09:00 CET)"),
        (["--on", "friday", "--at", "18:00"], "on Friday 27 Nov, 18:00 (2026-11-27 18:00 CET)"),
    ])
    func aTimeToComeIsTakenAsPeopleSayIt(options: [String], understood: String) throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        let result = nudge(["call", "remind", "Sam"] + options)
        #expect(
            result.status == 0 && result.stdout == "will remind you to call Sam \(understood) (reminder 1)\n",
            "\(result)")
    }

    @Test(arguments: [
        (["--at", "yesterday 9am"], "--at 'yesterday 9am' (09:00 yesterday, 2026-11-21 09:00 CET) has passed"),
        (["--at", "tomorrow 9am", "--in", "2"], "--at 'tomorrow 9am' names its day"),
        (
            ["--at", "soonish"],
            "--at 'soonish' is not a time; give a local time such as 18:30 or 6:30pm (the next one)"
        ),
        (["--on", "yesterday"], "is in the past"),
    ])
    func aTimeThatHasPassedIsRefusedWithTheFormsThatWork(options: [String], message: String) throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        try InProcessNudge.expectRefusal(
            ["call", "remind", "Sam"] + options, store: store, environment: environment, mentioning: message)
    }

    /// The help names the days it takes, not one it refuses.
    @Test func theHelpSaysWhatItTakes() {
        let help = nudge("call", "remind", "--help").stdout
        #expect(
            help.contains("next friday") && help.contains("tomorrow at 9am") && !help.contains("yesterday"), "\(help)")
    }
}
