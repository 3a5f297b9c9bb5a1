import Foundation
import NudgeTestSupport
import Testing

/// The instants people type as they say them (`now`, `an hour ago`, `1h30m ago`, `last monday
/// 9:00`, `tomorrow at 9am`): taken where they mean an instant on the right side of now, each
/// echoed as understood, and refused in one line where they mean the wrong side. The scenario's
/// now is Sunday 22 November 2026, 20:00 in Berlin.
@Suite struct SpokenTimeInputTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        ("now", "at 20:00 today, 2026-11-22 20:00 CET"),
        ("an hour ago", "at 19:00 today, 2026-11-22 19:00 CET"),
        ("1h30m ago", "at 18:30 today, 2026-11-22 18:30 CET"),
        ("1 hour 30 minutes ago", "at 18:30 today, 2026-11-22 18:30 CET"),
        ("a day ago", "at 20:00 yesterday, 2026-11-21 20:00 CET"),
        ("yesterday at 22:10", "at 22:10 yesterday, 2026-11-21 22:10 CET"),
        // The latest Sunday before today, a week back; `sunday 9:00` alone is this morning.
        ("last sunday 9:00", "for Sunday 15 Nov, 09:00 (2026-11-15 09:00 CET)"),
        ("last friday at 9am", "for Friday 20 Nov, 09:00 (2026-11-20 09:00 CET)"),
        // Midnight of a day is its start, as most tools read it (hostile round of issue 40).
        ("sunday midnight", "at 00:00 today, 2026-11-22 00:00 CET"),
    ])
    func aTimeThatHasPassedIsTakenAsPeopleSayIt(typed: String, understood: String) throws {
        let result = nudge("log", "symptom", "Itch", "--severity", "2", "--at", typed)
        #expect(result.status == 0 && result.stdout == "logged Itch (2) \(understood)\n", "\(result)")
    }

    @Test(arguments: [
        ("tomorrow at 9am", "at 09:00 tomorrow, 2026-11-23 09:00 CET"),
        ("in an hour", "at 21:00 today, 2026-11-22 21:00 CET"),
        ("in 1h30m", "at 21:30 today, 2026-11-22 21:30 CET"),
        ("sunday midnight", "on Sunday 29 Nov, 00:00 (2026-11-29 00:00 CET)"),
    ])
    func aTimeToComeIsTakenAsPeopleSayIt(typed: String, understood: String) throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        let result = nudge("call", "remind", "Sam", "--at", typed)
        #expect(
            result.status == 0 && result.stdout == "will remind you to call Sam \(understood) (reminder 1)\n",
            "\(result)")
    }

    /// Seconds go with a date only (`2026-11-22 19:00:30`, kept to the second); with a day in
    /// words or alone they are refused saying so, not as "not a time" (hostile round of issue 40).
    @Test(arguments: ["today 19:00:30", "19:00:30", "19:00:30 yesterday"])
    func secondsWithoutADateAreRefusedSayingSo(typed: String) throws {
        try expectRefusal(
            ["log", "symptom", "Itch", "--severity", "2", "--at", typed],
            mentioning:
                "--at '\(typed)' is not a time: seconds (19:00:30) go only with a date, such as 2026-11-21 19:00:30; give 19:00 to the minute, or the date and time\n"
        )
    }

    /// The wrong side of now is refused in one line that says how it was understood.
    @Test(arguments: [
        (["call", "remind", "Sam", "--at", "now"], "--at 'now' (20:00 today, 2026-11-22 20:00 CET) has passed"),
        (
            ["call", "remind", "Sam", "--at", "an hour ago"],
            "--at 'an hour ago' (19:00 today, 2026-11-22 19:00 CET) has passed"
        ),
        (
            ["call", "remind", "Sam", "--at", "last monday 9:00"],
            "--at 'last monday 9:00' (2026-11-16 09:00 CET) has passed"
        ),
        (
            ["log", "symptom", "Itch", "--severity", "2", "--at", "tomorrow at 9am"],
            "--at 'tomorrow at 9am' (09:00 tomorrow, 2026-11-23 09:00 CET) is in the future"
        ),
        (
            ["log", "symptom", "Itch", "--severity", "2", "--at", "last monday"],
            "--at 'last monday' is a day without a time; give its time too, such as 9:00 last monday"
        ),
        (["log", "symptom", "Itch", "--severity", "2", "--at", "1 day 2 hours ago"], "is not a time; give now,"),
    ])
    func theWrongSideOfNowIsRefused(arguments: [String], message: String) throws {
        try StoreQuery.create(store)
        #expect(nudge("contacts", "add", "Sam").status == 0)
        try InProcessNudge.expectRefusal(arguments, store: store, environment: environment, mentioning: message)
    }

    /// `next friday` said on a Thursday is tomorrow, as GNU date reads it, and the help says so:
    /// at a Thursday evening in Berlin and a Thursday morning in Auckland (a UTC Wednesday).
    @Test(arguments: [
        ("Europe/Berlin", "2026-11-26T20:00:00+01:00", "2026-11-27 09:00 CET"),
        ("Pacific/Auckland", "2026-11-26T08:00:00+13:00", "2026-11-27 09:00 NZDT"),
    ])
    func nextFridaySaidOnAThursdayIsTomorrow(zone: String, now: String, friday: String) throws {
        let environment = ["TZ": zone, "NUDGE_FAKE_NOW": now]
        let run = { (arguments: [String]) in
            InProcessNudge.run(arguments + ["--store", store], environment: environment)
        }
        #expect(run(["contacts", "add", "Sam"]).status == 0)
        // The same instant both ways: the second is the reminder the first added.
        let said = [
            "next friday 9:00": "will remind you to call Sam at 09:00 tomorrow, \(friday) (reminder 1)\n",
            "friday 9:00":
                "a reminder to call Sam at 09:00 tomorrow, \(friday) already exists (reminder 1); nothing added\n",
        ]
        for typed in ["next friday 9:00", "friday 9:00"] {
            let result = run(["call", "remind", "Sam", "--at", typed])
            #expect(result.status == 0 && result.stdout == said[typed], "\(result)")
        }
        let help = run(["call", "remind", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            help.contains("next friday 18:00 (the first Friday after today: tomorrow, said on a Thursday)"), "\(help)")
    }
}
