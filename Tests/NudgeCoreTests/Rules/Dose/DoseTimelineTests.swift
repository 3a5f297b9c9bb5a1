import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

@Suite struct DoseTimelineTests {
    let dose1 = Timestamp.parse("2026-11-21T03:00:00Z")!

    func session(snoozes: Int = 0, dose2: Date? = nil, skipped: Bool = false) -> DoseSession {
        DoseSession(
            sessionID: "S", sessionDate: "2026-11-20", dose1: dose1, dose2: dose2, snoozeCount: snoozes,
            skipped: skipped)
    }

    /// "minutes-after-dose-1 alert" for every occurrence, in order.
    func timeline(_ session: DoseSession, _ rows: [String: String] = [:]) -> [String] {
        DoseReminder.occurrences(for: session, settings: Settings(rows: rows)).map {
            "\(Int($0.dueAt.timeIntervalSince(session.dose1) / 60)) \($0.key.dropFirst(8))"
        }
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var target: Int
        var snoozes: Int
        var expected: [String]
        var testDescription: String { "target \(target), \(snoozes) snoozes" }
    }

    static let rows: [Row] = [
        Row(
            target: 165, snoozes: 0,
            expected: ["160 pre_alarm:0", "165 alarm:0", "167 follow_up:0:2", "169 follow_up:0:4", "171 follow_up:0:6"]),
        Row(
            target: 165, snoozes: 1,
            expected: ["170 pre_alarm:1", "175 alarm:1", "177 follow_up:1:2", "179 follow_up:1:4", "181 follow_up:1:6"]),
        Row(
            target: 165, snoozes: 3,
            expected: ["190 pre_alarm:3", "195 alarm:3", "197 follow_up:3:2", "199 follow_up:3:4", "201 follow_up:3:6"]),
        Row(
            target: 180, snoozes: 0,
            expected: ["175 pre_alarm:0", "180 alarm:0", "182 follow_up:0:2", "184 follow_up:0:4", "186 follow_up:0:6"]),
        Row(
            target: 180, snoozes: 2,
            expected: ["195 pre_alarm:2", "200 alarm:2", "202 follow_up:2:2", "204 follow_up:2:4", "206 follow_up:2:6"]),
        Row(
            target: 195, snoozes: 0,
            expected: ["190 pre_alarm:0", "195 alarm:0", "197 follow_up:0:2", "199 follow_up:0:4", "201 follow_up:0:6"]),
        Row(
            target: 195, snoozes: 3,
            expected: ["220 pre_alarm:3", "225 alarm:3", "227 follow_up:3:2", "229 follow_up:3:4", "231 follow_up:3:6"]),
        Row(
            target: 210, snoozes: 0,
            expected: ["205 pre_alarm:0", "210 alarm:0", "212 follow_up:0:2", "214 follow_up:0:4", "216 follow_up:0:6"]),
        Row(
            target: 210, snoozes: 1,
            expected: ["215 pre_alarm:1", "220 alarm:1", "222 follow_up:1:2", "224 follow_up:1:4", "226 follow_up:1:6"]),
        Row(
            target: 225, snoozes: 0,
            expected: ["220 pre_alarm:0", "225 alarm:0", "227 follow_up:0:2", "229 follow_up:0:4", "231 follow_up:0:6"]),
        // Snooze counts another writer stored past the edge: follow-ups stop at the close.
        Row(
            target: 225, snoozes: 1,
            expected: ["230 pre_alarm:1", "235 alarm:1", "237 follow_up:1:2", "239 follow_up:1:4"]),
        Row(target: 225, snoozes: 2, expected: []),
    ]

    @Test(arguments: rows)
    func timelineForEveryTarget(row: Row) {
        let all = timeline(session(snoozes: row.snoozes), ["dose.target_interval_minutes": String(row.target)])
        let fixed = ["150 window_open", "225 fifteen_min", "235 five_min", "270 not_recorded"]
        let expected = (row.expected + fixed).sorted {
            Int($0.split(separator: " ")[0])! < Int($1.split(separator: " ")[0])!
        }
        #expect(all.sorted() == expected.sorted())
        // Sorted by due instant as the schedule sorts them; ties keep both.
        #expect(Set(all) == Set(expected))
    }

    @Test(arguments: [
        ("dose.window_open_alert", "150 window_open"), ("dose.fifteen_min_warning", "225 fifteen_min"),
        ("dose.five_min_warning", "235 five_min"),
    ])
    func eachToggleRemovesItsAlertOnly(key: String, alert: String) {
        let on = timeline(session())
        let off = timeline(session(), [key: "false"])
        #expect(on.contains(alert) && !off.contains(alert))
        #expect(Set(on).subtracting(off) == [alert])
    }

    @Test func nothingOnceDose2IsTakenOrSkipped() {
        #expect(timeline(session(dose2: dose1.addingTimeInterval(9000))).isEmpty)
        #expect(timeline(session(skipped: true)).isEmpty)
    }

    /// At dose 1 + 200 min (the active phase): allowed below the limit, and only to an alarm
    /// before the close.
    @Test(arguments: [
        (165, 0, 10, true), (165, 2, 10, true), (165, 3, 10, false), (180, 2, 10, true), (195, 2, 10, true),
        (195, 3, 10, false),
        (210, 1, 10, true), (225, 0, 10, true), (225, 0, 30, false), (165, 0, 30, true),
    ])
    func snoozeRefusedAtTheLimitAndAtTheClose(target: Int, used: Int, length: Int, allowed: Bool) {
        let settings = Settings(rows: [
            "dose.target_interval_minutes": String(target), "dose.snooze_duration_minutes": String(length),
        ])
        let window = DoseWindow(session: session(snoozes: used), settings: settings)
        #expect((window.snoozeRefusal(at: dose1.addingTimeInterval(200 * 60)) == nil) == allowed)
    }

    /// DoseTap: snooze only in the active phase, so not in the last 15 minutes.
    @Test func snoozeOnlyInTheActivePhase() {
        let window = DoseWindow(session: session(), settings: Settings())
        #expect(window.snoozeRefusal(at: window.opensAt.addingTimeInterval(-1)) != nil)
        #expect(window.snoozeRefusal(at: window.opensAt) == nil)
        #expect(window.snoozeRefusal(at: window.nearCloseAt.addingTimeInterval(-1)) == nil)
        #expect(
            window.snoozeRefusal(at: window.nearCloseAt)
                == "15 minutes or less are left in the dose-2 window; snooze is off now: take or skip dose 2")
        #expect(window.snoozeRefusal(at: window.closesAt.addingTimeInterval(-10 * 60)) != nil)
        #expect(window.snoozeRefusal(at: window.closesAt) != nil)
    }

    /// A snooze moves the alarm to the snooze length after the later of its time and the alarm;
    /// the alarm is derived from the snooze events' own times.
    @Test func aSnoozeAfterTheAlarmMovesItFromTheSnooze() {
        let minute: (Int) -> Date = { self.dose1.addingTimeInterval(TimeInterval($0 * 60)) }
        let before = DoseWindow(session: session(), settings: Settings())
        #expect(before.alarmAfterSnooze(at: minute(200)) == minute(210))
        #expect(before.alarmAfterSnooze(at: minute(155)) == minute(175))
        let snoozed = DoseSession(
            sessionID: "S", sessionDate: "2026-11-20", dose1: dose1, snoozeCount: 2,
            snoozedAt: [minute(200), minute(205)])
        #expect(DoseWindow(session: snoozed, settings: Settings()).targetAt == minute(220))
        let early = DoseSession(
            sessionID: "S", sessionDate: "2026-11-20", dose1: dose1, snoozeCount: 1, snoozedAt: [minute(155)])
        #expect(DoseWindow(session: early, settings: Settings()).targetAt == minute(175))
        #expect(timeline(snoozed).contains("220 alarm:2"))
    }

    @Test func answersMoreThanTwelveHoursAfterDoseOneBelongToNoSession() {
        let late = dose1.addingTimeInterval(50 * 3600)
        for answer in [
            DoseAnswer.take(at: late, early: false, extra: false), .snooze(at: late), .skip(at: late, reason: nil),
        ] {
            guard case .failure(let refusal) = answer.record(in: session(), settings: Settings()) else {
                Issue.record("\(answer) was accepted 50 hours after dose 1")
                continue
            }
            #expect(refusal.description.hasPrefix("no session is open: dose 1 was 50 hours before"))
            #expect(refusal.description.hasSuffix("start one with: nudge dose 1"))
        }
        let extraBefore = DoseAnswer.take(at: dose1.addingTimeInterval(-60), early: false, extra: true)
        #expect(throws: InputError("dose 2 cannot be before dose 1 (2026-11-21T03:00:00Z)")) {
            try extraBefore.record(in: session(dose2: dose1.addingTimeInterval(9000)), settings: Settings()).get()
        }
    }

    @Test func phasesAcrossTheNight() {
        let window = DoseWindow(session: session(), settings: Settings())
        let phases = [0, 149, 150, 224, 225, 239, 240, 269, 270, 300].map {
            window.phase(at: dose1.addingTimeInterval(TimeInterval($0 * 60)))
        }
        #expect(
            phases == [
                .beforeWindow, .beforeWindow, .active, .active, .nearClose, .nearClose, .closed, .closed, .unresolved,
                .unresolved,
            ])
        #expect(DoseWindow(session: session(skipped: true), settings: Settings()).phase(at: dose1) == .completed)
    }

    @Test func answersAreRecordedAsDoseTapRecordsThem() throws {
        let settings = Settings()
        let open = session()
        func record(_ answer: DoseAnswer, in session: DoseSession? = nil) -> Result<DoseRecord, InputError> {
            answer.record(in: session ?? open, settings: settings)
        }
        let early = try record(.take(at: dose1.addingTimeInterval(60 * 60), early: true, extra: false)).get()
        #expect(early.eventType == .dose2 && early.metadata == #"{"is_early":true}"#)
        #expect(throws: InputError.self) {
            try record(.take(at: dose1.addingTimeInterval(60 * 60), early: false, extra: false)).get()
        }
        #expect(
            try record(.take(at: dose1.addingTimeInterval(170 * 60), early: false, extra: false)).get().metadata == nil)
        #expect(
            try record(.take(at: dose1.addingTimeInterval(250 * 60), early: false, extra: false)).get().metadata
                == #"{"is_late":true}"#)
        let taken = session(dose2: dose1.addingTimeInterval(170 * 60))
        #expect(throws: InputError.self) {
            try record(.take(at: dose1.addingTimeInterval(200 * 60), early: false, extra: false), in: taken).get()
        }
        let extra = try record(.take(at: dose1.addingTimeInterval(200 * 60), early: false, extra: true), in: taken)
            .get()
        #expect(extra.eventType == .extraDose && extra.metadata == #"{"is_extra_dose":true}"#)
        #expect(
            try record(.snooze(at: dose1.addingTimeInterval(160 * 60)), in: session(snoozes: 1)).get().metadata
                == #"{"count":2}"#)
        #expect(try record(.skip(at: dose1, reason: "felt \"fine\"")).get().metadata == #"{"reason":"felt \"fine\""}"#)
        #expect(throws: InputError.self) { try record(.skip(at: dose1, reason: nil), in: taken).get() }
        #expect(throws: InputError("no dose 1 is recorded; start a session with: nudge dose 1")) {
            try DoseAnswer.snooze(at: dose1).record(in: nil, settings: settings).get()
        }
    }

    @Test(arguments: [
        // dose 1 at 00:30 EST on the spring-forward night: 4 hours later is 05:30 EDT, not 04:30.
        ("America/New_York", "2026-03-08T05:30:00Z", "05:30", "2026-03-07"),
        ("America/New_York", "2026-11-01T04:30:00Z", "03:30", "2026-10-31"),
        ("Europe/London", "2026-03-29T00:00:00Z", "05:00", "2026-03-28"),
        ("Europe/London", "2026-10-24T23:30:00Z", "03:30", "2026-10-24"),
    ])
    func aDSTNightMovesNoAlertButTheLocalCloseTime(zone: String, dose1Text: String, close: String, sessionDate: String)
        throws
    {
        let clock = WallClock(zone: .system(zone))
        let start = try #require(Timestamp.parse(dose1Text))
        let night = DoseSession(sessionID: "S", sessionDate: sessionDate, dose1: start)
        let offsets = DoseReminder.occurrences(for: night, settings: Settings()).map {
            $0.dueAt.timeIntervalSince(start) / 60
        }
        #expect(offsets.sorted() == [150, 160, 165, 167, 169, 171, 225, 235, 270])
        let content = DoseReminder.notification(
            .alarm, session: night, settings: Settings(), now: start.addingTimeInterval(165 * 60), clock: clock)
        #expect(content.body == "The window closes at \(close) (75 min left).")
        #expect(content.urgency == .critical && content.resident)
        #expect(content.actions.map(\.key) == ["take", "skip", "snooze"])
        #expect(DoseSession.sessionDate(for: start, clock: clock, rolloverHour: 18).description == sessionDate)
    }

    @Test func afterARestartOrASleepOnlyThePresentStateIsShown() throws {
        let clock = WallClock(zone: .system("UTC"))
        func plan(at minutes: Int) -> Plan {
            Schedule(
                input: ScheduleInput(
                    settings: Settings(), deliveries: [], of: [.dose2],
                    doseSession: session()), clock: clock
            )
            .plan(now: dose1.addingTimeInterval(TimeInterval(minutes * 60)))
        }
        let midWindow = plan(at: 200)
        #expect(midWindow.due.map(\.key) == ["dose2:S:follow_up:0:6"])
        #expect(midWindow.missed.count == 5)
        #expect(midWindow.nextDue == dose1.addingTimeInterval(225 * 60))
        // At 225 the alarm of a 225 target and the 15-minute warning fall together: the alarm wins.
        let together = Schedule(
            input: ScheduleInput(
                settings: Settings(rows: ["dose.target_interval_minutes": "225"]), deliveries: [],
                doseSession: session()),
            clock: clock
        ).plan(now: dose1.addingTimeInterval(225 * 60))
        #expect(together.due.map(\.key) == ["dose2:S:alarm:0"])
        let morning = plan(at: 300)
        #expect(morning.due.map(\.key) == ["dose2:S:not_recorded"])
        // Nothing was recorded for the person, so the question stands however late it is found.
        #expect(plan(at: 270 + 13 * 60).due.map(\.key) == ["dose2:S:not_recorded"])
        #expect(plan(at: 270 + 13 * 60).nextDue == nil)
    }

    @Test func closedWindowOffersTakeAndSkipWithoutSnooze() {
        let clock = WallClock(zone: .system("UTC"))
        let content = DoseReminder.notification(
            .fiveMinutes, session: session(), settings: Settings(), now: dose1.addingTimeInterval(245 * 60),
            clock: clock)
        #expect(content.title == "Dose 2 window has closed")
        #expect(content.actions.map(\.key) == ["take", "skip"])
        #expect(content.urgency == .normal)
        #expect(content.sound == nil)
        let prompt = DoseReminder.notification(
            .notRecorded, session: session(), settings: Settings(), now: dose1.addingTimeInterval(270 * 60),
            clock: clock)
        #expect(
            prompt.title == "Dose 2 not recorded" && prompt.actions.map(\.key) == ["missed"] && prompt.resident
                && prompt.sound == nil)
        #expect(prompt.body.contains("nudge dose 2 --at HH:MM (after 07:00 it is marked late)"))
    }

    /// A queued update whose session ended is withdrawn, not left pending; one still current stays.
    @Test func queuedRowsWhoseReasonIsGoneAreWithdrawn() {
        let queued = DeliveryRecord(
            id: 1, key: "dose2:S:snoozed:1", kind: .dose2, dueAt: dose1.addingTimeInterval(200 * 60))
        let now = dose1.addingTimeInterval(201 * 60)
        func plan(_ session: DoseSession) -> Plan {
            Schedule(
                input: ScheduleInput(
                    settings: Settings(), deliveries: [queued], of: [.dose2],
                    doseSession: session), clock: WallClock(zone: .utc)
            )
            .plan(now: now)
        }
        #expect(plan(session(skipped: true)).withdrawn == ["dose2:S:snoozed:1"])
        #expect(plan(session(snoozes: 1)).withdrawn.isEmpty)
    }
}
