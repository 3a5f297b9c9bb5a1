import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// Times mean what a person means, at night in New York: a bare time for something that
/// happened is its latest past occurrence, one for something that will happen its next; a date
/// and time without an offset is local; every confirmation says how it was understood.
@Suite struct NightTimeInputTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    func nudge(_ arguments: [String], now: String = "2026-11-22T01:30:00-05:00") throws -> CommandResult {
        InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "America/New_York", "NUDGE_FAKE_NOW": now])
    }

    @Test(
        arguments: [
            // At 01:30, 22:10 is last night, 3 h 20 min ago.
            (
                ["log", "symptom", "Headache", "--severity", "2", "--at", "22:10"],
                "SELECT logged_at AS t FROM symptom_entries",
                "2026-11-22T03:10:00Z", "logged Headache (2) at 22:10 yesterday, 2026-11-21 22:10 EST\n"
            ),
            (
                ["log", "symptom", "Headache", "--severity", "2", "--at", "10:15pm"],
                "SELECT logged_at AS t FROM symptom_entries",
                "2026-11-22T03:15:00Z", "logged Headache (2) at 22:15 yesterday, 2026-11-21 22:15 EST\n"
            ),
            (
                ["log", "symptom", "Headache", "--severity", "2", "--at", "01:00"],
                "SELECT logged_at AS t FROM symptom_entries",
                "2026-11-22T06:00:00Z", "logged Headache (2) at 01:00 today, 2026-11-22 01:00 EST\n"
            ),
            // Without an offset, local time, not UTC.
            (
                ["log", "symptom", "Headache", "--severity", "2", "--at", "2026-11-21T19:05:00"],
                "SELECT logged_at AS t FROM symptom_entries",
                "2026-11-22T00:05:00Z", "logged Headache (2) at 19:05 yesterday, 2026-11-21 19:05 EST\n"
            ),
            (
                ["dose", "1", "--at", "22:10"], "SELECT dose1_time AS t FROM current_session",
                "2026-11-22T03:10:00.000Z", nil
            ),
            (["contacts", "add", "Alex"], nil, nil, nil),
            (
                ["call", "log", "Alex", "--at", "23:45"], "SELECT called_at AS t FROM call_logs",
                "2026-11-22T04:45:00Z",
                "logged a call with Alex at 23:45 yesterday, 2026-11-21 23:45 EST\n"
            ),
            // Something that will happen: the next 00:30 is tomorrow night's.
            (
                ["call", "remind", "Alex", "--at", "00:30"], "SELECT due_at AS t FROM call_reminders",
                "2026-11-23T05:30:00Z",
                "will remind you to call Alex at 00:30 tomorrow, 2026-11-23 00:30 EST (reminder 1)\n"
            ),
        ] as [([String], String?, String?, String?)])
    func aBareTimeIsTheOnePersonMeans(arguments: [String], query: String?, stored: String?, said: String?) throws {
        if arguments.first == "call" { _ = try nudge(["contacts", "add", "Alex"]) }
        let result = try nudge(arguments)
        #expect(result.status == 0, "\(result)")
        if let said { #expect(result.stdout == said) }
        if let query, let stored { #expect(try StoreQuery.rows(store, query).last?["t"] == stored) }
    }

    @Test func doseTwoAfterMidnightBelongsToTheNightsSession() throws {
        #expect(try nudge(["dose", "1", "--at", "22:10"]).status == 0)
        let second = try nudge(["dose", "2", "--at", "01:05"])
        #expect(second.stdout == "dose 2 recorded at 01:05 today, 2026-11-22 01:05 EST\n", "\(second)")
        #expect(
            try StoreQuery.rows(store, "SELECT dose2_time FROM current_session").first?["dose2_time"]
                == "2026-11-22T06:05:00.000Z")
    }

    /// A local time that a spring-forward skips is none for something that happened: refused
    /// saying why (it was logged at the gap's end).
    @Test func aLocalTimeInTheSpringGapIsRefusedForThePast() throws {
        try StoreQuery.create(store)
        try InProcessNudge.expectRefusal(
            ["log", "symptom", "Cramp", "--severity", "1", "--at", "2026-03-08T02:30"], store: store,
            environment: ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-03-08T10:00:00-04:00"],
            mentioning:
                "--at '2026-03-08T02:30': this clock went from 02:00 EST to 03:00 EDT on 2026-03-08, so it never read 02:30; give a time before 02:00 or from 03:00\n"
        )
    }

    /// On the fall-back night, at 01:45 after the clocks went back, 01:30 is the one 15 minutes
    /// ago (EST), not the first (EDT); listings and CSV say which 01:30 each is.
    @Test func aBareTimeOnTheFallBackNightIsTheLatestPastOne() throws {
        let now = "2026-11-01T01:45:00-05:00"
        let second = try nudge(["log", "symptom", "Cramp", "--severity", "1", "--at", "01:30"], now: now)
        #expect(second.stdout == "logged Cramp (1) at 01:30 today, 2026-11-01 01:30 EST\n", "\(second)")
        let first = try nudge(
            ["log", "symptom", "Cramp", "--severity", "2", "--at", "2026-11-01T01:30:00-04:00"], now: now)
        #expect(first.status == 0, "\(first)")
        #expect(
            try StoreQuery.rows(store, "SELECT logged_at FROM symptom_entries ORDER BY severity").map {
                $0["logged_at"]
            } == ["2026-11-01T06:30:00Z", "2026-11-01T05:30:00Z"])
        let listed = try nudge(["symptoms"], now: now).stdout
        #expect(listed.contains("01:30 EST") && listed.contains("01:30 EDT"), "\(listed)")
        let csv = try nudge(["symptoms", "export", "--format", "csv"], now: now).stdout
        #expect(csv.contains("2026-11-01,01:30 EDT,Cramp,2") && csv.contains("2026-11-01,01:30 EST,Cramp,1"), "\(csv)")
        #expect(try nudge(["log", "symptom", "Cramp", "--severity", "3", "--at", "22:10"], now: now).status == 0)
        let both = try nudge(["symptoms", "--days", "2"], now: now).stdout
        #expect(both.contains("22:10 ") && !both.contains("22:10 E"), "an unambiguous time has no zone: \(both)")
    }

    @Test(arguments: [
        (
            ["dose", "1", "--at", "13:00"],
            "--at '13:00' (13:00 yesterday, 2026-11-21 13:00 EST) is more than 12 hours ago"
        ),
        (
            ["log", "symptom", "H", "--severity", "1", "--at", "2026-11-22T02:00"],
            "(02:00 today, 2026-11-22 02:00 EST) is in the future"
        ),
        (
            ["call", "remind", "Alex", "--on", "2026-11-22", "--at", "01:00"],
            "2026-11-22 at 01:00 (01:00 today, 2026-11-22 01:00 EST) has passed"
        ),
        (
            ["call", "log", "Alex", "--at", "2025-11-01T10:00"],
            "is more than 366 days ago; give a time within the last 366 days"
        ),
        (["upcoming", "--from", "9999-12-31T23:00"], "--from '9999-12-31T23:00' is past the year 9999"),
    ])
    func refusalsSayHowTheTimeWasUnderstood(arguments: [String], message: String) throws {
        _ = try nudge(["contacts", "add", "Alex"])
        let before = try StoreDump.of(store)
        let result = try nudge(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(
            result.stderr.hasPrefix("nudge: ") && result.stderr.contains(message)
                && result.stderr.split(separator: "\n").count == 1, "\(result)")
        #expect(try StoreDump.of(store) == before)
    }

    /// At dose 1 + 200 min with the alarm at + 165, a snooze moves it to + 210, not + 175; the
    /// Snooze button, `dose status` and `dose snooze` agree, and a restart changes nothing.
    @Test func aSnoozeAfterTheAlarmMovesItFromNowAndStatusAgrees() throws {
        #expect(try nudge(["dose", "1", "--at", "22:10"], now: "2026-11-22T01:30:00-05:00").status == 0)
        let at200 = "2026-11-22T01:30:00-05:00"
        func status(_ now: String) throws -> [String: Any] {
            try #require(
                try JSONSerialization.jsonObject(
                    with: Data(try nudge(["dose", "status", "--json"], now: now).stdout.utf8)) as? [String: Any])
        }
        #expect(try status(at200)["snooze_allowed"] as? Bool == true)
        let snoozed = try nudge(["dose", "snooze"], now: at200)
        #expect(snoozed.stdout == "snoozed: alarm at 01:40 (snooze 1 of 3)\n", "\(snoozed)")
        // In the second after 06:40: the snooze was recorded with its milliseconds, at the
        // injected 01:30:00 plus the real milliseconds the command took.
        let alarmAt = try #require((try status(at200)["alarm_at"] as? String).flatMap(Timestamp.parse))
        #expect(
            alarmAt >= Timestamp.parse("2026-11-22T06:40:00Z")! && alarmAt < Timestamp.parse("2026-11-22T06:40:01Z")!,
            "\(alarmAt)")
        // 10 minutes left: status says no, and the command refuses with the same reason.
        let late = "2026-11-22T01:59:00-05:00"
        let lateStatus = try status(late)
        #expect(lateStatus["snooze_allowed"] as? Bool == false)
        let refused = try nudge(["dose", "snooze"], now: late)
        let reason = try #require(lateStatus["snooze_refusal"] as? String)
        #expect(refused.status == 64 && refused.stderr == "nudge: \(reason)\n")
    }

    /// Fifty hours later, dose 2 is no late dose of that night: refused, with the way forward.
    @Test func doseTwoFiftyHoursLaterBelongsToNoSession() throws {
        #expect(try nudge(["dose", "1", "--at", "22:10"]).status == 0)
        let before = try StoreDump.of(store)
        let result = try nudge(["dose", "2"], now: "2026-11-24T00:10:00-05:00")
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "nudge: no session is open: dose 1 was 50 hours before (2026-11-22T03:10:00Z), and a night lasts 12 hours; start one with: nudge dose 1\n"
        )
        #expect(try StoreDump.of(store) == before)
        #expect(try nudge(["dose", "snooze"], now: "2026-11-24T00:10:00-05:00").stderr.contains("no session is open"))
    }

    /// DoseTap refuses a second dose 1 in a session ("Dose 1 already taken"): a dose 1 after the
    /// night's dose 2 starts no second session of the same date and no second alarm.
    @Test func aSecondDoseOneTheSameNightIsRefusedWithTheWayOn() throws {
        #expect(try nudge(["dose", "1", "--at", "22:10"]).status == 0)
        #expect(try nudge(["dose", "2", "--at", "01:05"]).status == 0)
        let before = try StoreDump.of(store)
        let again = try nudge(["dose", "1"], now: "2026-11-22T03:30:00-05:00")
        #expect(again.status == 64)
        #expect(
            again.stderr == "nudge: dose 2 was taken tonight at 01:05; a new night with: nudge dose 1 --new-session\n")
        #expect(try StoreDump.of(store) == before)
        // A new night never starts inside or before the last one: its alarm would ring for a
        // dose 2 already taken.
        let inside = try nudge(["dose", "1", "--new-session", "--at", "21:00"], now: "2026-11-22T03:30:00-05:00")
        #expect(inside.status == 64, "\(inside)")
        #expect(
            inside.stderr
                == "nudge: dose 1 at 21:00 is not after the last night's doses (dose 1 at 22:10, dose 2 at 01:05, session 2026-11-21); a night's dose 1 comes after them\n"
        )
        #expect(try StoreDump.of(store) == before)
        #expect(try nudge(["dose", "1", "--new-session"], now: "2026-11-22T03:30:00-05:00").status == 0)
        // The next evening is another night: no flag needed.
        #expect(try nudge(["dose", "skip"], now: "2026-11-22T04:00:00-05:00").status == 0)
        let skippedAgain = try nudge(["dose", "1"], now: "2026-11-22T04:10:00-05:00")
        #expect(skippedAgain.status == 64 && skippedAgain.stderr.hasPrefix("nudge: dose 2 was skipped tonight;"))
        #expect(try nudge(["dose", "1"], now: "2026-11-22T22:05:00-05:00").status == 0)
    }

    /// Every key in every phase, null when it does not apply.
    @Test func doseStatusJSONHasEveryKeyInEveryPhase() throws {
        let keys: Set<String> = [
            "phase", "session_id", "session_date", "dose1_at", "window_opens_at", "window_closes_at", "alarm_at",
            "snoozes_used",
            "snoozes_left", "snooze_allowed", "snooze_refusal", "minutes_until_open", "minutes_until_close", "dose2_at",
            "skipped",
            "alarm_can_wake_computer", "keeping_awake",
        ]
        func status(_ now: String) throws -> [String: Any] {
            try #require(
                try JSONSerialization.jsonObject(
                    with: Data(try nudge(["dose", "status", "--json"], now: now).stdout.utf8)) as? [String: Any])
        }
        let none = try status("2026-11-21T22:00:00-05:00")
        #expect(none["alarm_can_wake_computer"] is NSNull && none["keeping_awake"] as? Bool == false, "no daemon runs")
        #expect(Set(none.keys) == keys && none["phase"] as? String == "noDose1" && none["dose1_at"] is NSNull)
        #expect(try nudge(["dose", "1", "--at", "22:10"]).status == 0)
        let before = try status("2026-11-21T23:10:00-05:00")
        #expect(
            Set(before.keys) == keys && before["minutes_until_open"] as? Int == 90
                && before["minutes_until_close"] as? Int == 180)
        let active = try status("2026-11-22T01:00:00-05:00")
        #expect(
            Set(active.keys) == keys && active["minutes_until_open"] is NSNull
                && active["minutes_until_close"] as? Int == 70)
        let closed = try status("2026-11-22T02:30:00-05:00")
        #expect(
            Set(closed.keys) == keys && closed["phase"] as? String == "closed"
                && closed["minutes_until_close"] is NSNull)
    }
}
