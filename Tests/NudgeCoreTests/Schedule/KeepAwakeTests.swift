import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// When the computer must be kept from idle sleep, and what the inhibitor says why: from dose 1
/// until dose 2, a skip or the "not recorded" prompt, and while a meditation runs; never with
/// sleep.keep_awake off.
struct KeepAwakeTests {
    let clock = WallClock(zone: .system("America/New_York"))
    let dose1 = Timestamp.parse("2026-11-21T03:10:00Z")!  // 22:10 EST

    func minute(_ minutes: Double) -> Date { dose1.addingTimeInterval(minutes * 60) }

    func reason(_ session: DoseSession?, at now: Date, settings: [String: String] = [:]) -> String? {
        ScheduleInput(settings: Settings(rows: settings), deliveries: [], of: [.dose2], doseSession: session)
            .keepAwakeReason(
                now: now, clock: clock)
    }

    @Test func fromDose1UntilDose2OrThePrompt() {
        let night = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1)
        #expect(reason(nil, at: minute(10)) == nil)
        #expect(reason(night, at: minute(1)) == "the dose-2 alarm is due at 00:55")
        #expect(reason(night, at: minute(200)) == "dose 2 is due; the window closes at 02:10")
        #expect(reason(night, at: minute(269)) != nil)
        #expect(reason(night, at: minute(270)) == nil, "the not-recorded prompt's time has passed")
        let taken = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1, dose2: minute(170))
        #expect(reason(taken, at: minute(171)) == nil)
        let skipped = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1, skipped: true)
        #expect(reason(skipped, at: minute(100)) == nil)
        #expect(reason(night, at: minute(1), settings: ["sleep.keep_awake": "false"]) == nil)
        #expect(reason(night, at: minute(1), settings: ["dose.notifications_enabled": "false"]) == nil)
        let snoozed = DoseSession(
            sessionID: "S", sessionDate: "2026-11-20", dose1: dose1, snoozeCount: 1, snoozedAt: [minute(160)])
        #expect(reason(snoozed, at: minute(161)) == "the dose-2 alarm is due at 01:05")
    }

    /// The computer is woken only for what rings until answered: the alarm, its follow-ups and
    /// the 5-minute warning; not the window opening, the pre-alarm or the 15-minute warning.
    @Test func wokenForTheAlarmAndTheFollowingAlarmsOnly() {
        let night = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1)
        let input = ScheduleInput(settings: Settings(), deliveries: [], of: [.dose2], doseSession: night)
        let first = input.nextWakingOccurrence(after: minute(1), clock: clock)
        #expect(first?.key == "dose2:S:alarm:0" && first?.dueAt == minute(165), "\(String(describing: first))")
        let after = input.nextWakingOccurrence(after: minute(165), clock: clock)
        #expect(
            after.map { $0.dueAt > minute(165) && !$0.key.contains("fifteen") } == true, "\(String(describing: after))")
        let taken = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1, dose2: minute(170))
        #expect(
            ScheduleInput(settings: Settings(), deliveries: [], of: [.dose2], doseSession: taken).nextWakingOccurrence(
                after: minute(171), clock: clock) == nil)
    }

    /// An alarm owed again (it expired unanswered) whose night is over (dose 2 taken since)
    /// wakes nothing: a plan withdraws it, and the wake alarm is armed from the same input.
    @Test func anOwedAlarmWhoseNightIsOverWakesNothing() {
        let taken = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1, dose2: minute(170))
        let owed = DeliveryRecord(
            id: 1, key: "dose2:S:alarm:0", kind: .dose2, dueAt: minute(165), shownAt: minute(165),
            notificationID: 3, closedAt: minute(166), closedReason: .expired, reshowAt: minute(196))
        let input = ScheduleInput(settings: Settings(), deliveries: [owed], doseSession: taken)
        #expect(input.nextWakingOccurrence(after: minute(171), clock: clock) == nil)
    }

    /// A queued test alarm wakes the computer as the dose-2 alarm would.
    @Test func aQueuedTestAlarmWakesTheComputer() {
        let queued = DeliveryRecord(id: 1, key: TestAlarm.key("t1"), kind: .alarmTest, dueAt: minute(30))
        let input = ScheduleInput(settings: Settings(), deliveries: [queued], of: [.alarmTest])
        #expect(input.nextWakingOccurrence(after: minute(1), clock: clock)?.key == "alarm_test:t1")
        #expect(input.nextWakingOccurrence(after: minute(31), clock: clock) == nil)
        #expect(input.keepAwakeReason(now: minute(1), clock: clock) == nil)
    }

    @Test func whileAMeditationRuns() {
        let start = Timestamp.parse("2026-11-22T18:00:00Z")!
        let running = MeditationSession(
            id: "m1", startedAt: start, utcOffsetMinutes: -300, plannedSeconds: 1200, intervalSeconds: 0,
            createdAt: start)
        func input(_ session: MeditationSession) -> ScheduleInput {
            ScheduleInput(settings: Settings(), deliveries: [], of: [.meditation], meditationSessions: [session])
        }
        #expect(
            input(running).keepAwakeReason(now: start.addingTimeInterval(60), clock: clock)
                == "a meditation ends at 13:20")
        var ended = running
        ended.endedAt = start.addingTimeInterval(1200)
        ended.outcome = .completed
        #expect(input(ended).keepAwakeReason(now: start.addingTimeInterval(1300), clock: clock) == nil)
    }

    /// A daemon restarted after a session's end, before its end is recorded (hostile round on
    /// issue 41, Low 6: "keeping the computer from idle sleep: a meditation ends at 15:17" at
    /// 15:17:15): the end rings at once, and nothing is left to keep awake for.
    @Test func notForASessionPastItsEnd() {
        let start = Timestamp.parse("2026-11-22T18:00:00Z")!
        let running = MeditationSession(
            id: "m1", startedAt: start, utcOffsetMinutes: -300, plannedSeconds: 1200, intervalSeconds: 0,
            createdAt: start)
        let input = ScheduleInput(
            settings: Settings(), deliveries: [], of: [.meditation], meditationSessions: [running])
        #expect(
            input.keepAwakeReason(now: start.addingTimeInterval(1199), clock: clock) == "a meditation ends at 13:20")
        #expect(input.keepAwakeReason(now: start.addingTimeInterval(1200), clock: clock) == nil)
        #expect(input.keepAwakeReason(now: start.addingTimeInterval(1215), clock: clock) == nil)
    }

    /// The warning before sleep sounds for at most four fifths of what logind waits, and is
    /// played by nudge, which alone hears its end.
    @Test func theWarningSoundsWithinWhatLogindWaits() {
        #expect(SleepWarning.soundLimit(logindWaits: nil) == 4)
        #expect(abs(SleepWarning.soundLimit(logindWaits: 3) - 2.4) < 1e-9)
        #expect(SleepWarning.soundLimit(logindWaits: 0) == 0)
        let warning = SleepWarning.content(reason: "the dose-2 alarm is due at 02:45", wakesAt: nil)
        #expect(warning.sound == .awaited(.doseAlarmSound) && warning.urgency == .critical)
        #expect(SleepWarning.content(reason: "the dose-2 alarm is due at 02:45", wakesAt: "02:45").sound == nil)
    }
}
