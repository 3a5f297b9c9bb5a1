import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// What escalates beyond this computer, and when: the dose-2 alarm of the open night,
/// `dose.escalate_after_minutes` after it rings, while `alarm.escalate_command` is set; a
/// snooze makes the moved alarm a new one; nothing once dose 2 is taken or skipped.
struct EscalationTests {
    let clock = WallClock(zone: .system("America/New_York"))
    let dose1 = Timestamp.parse("2026-11-21T03:10:00Z")!  // 22:10 EST
    let command = #"["/usr/bin/apprise","json://127.0.0.1:9/"]"#

    func minute(_ minutes: Double) -> Date { dose1.addingTimeInterval(minutes * 60) }

    func pending(_ session: DoseSession?, at now: Date, settings: [String: String]? = nil) -> Escalation? {
        let rows = settings ?? ["alarm.escalate_command": command]
        return ScheduleInput(settings: Settings(rows: rows), deliveries: [], of: [.dose2], doseSession: session)
            .pendingEscalation(now: now, clock: clock)
    }

    /// "I'm awake" puts it off by its minutes from the answer, never nearer than the ring's.
    @Test func imAwakePutsItOffFromTheAnswer() throws {
        let night = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1)
        let escalation = try #require(pending(night, at: minute(166)))
        #expect(escalation.postponed(byAwakeAt: minute(172)).unansweredAt == minute(182))
        #expect(escalation.postponed(byAwakeAt: minute(160)).unansweredAt == minute(175))
    }

    @Test func theAlarmOfTheOpenNightTenMinutesAfterItRings() throws {
        let night = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1)
        let escalation = try #require(pending(night, at: minute(1)))
        #expect(escalation.key == "dose2:S:alarm:0" && escalation.kind == .dose2)
        #expect(escalation.dueAt == minute(165) && escalation.unansweredAt == minute(175))
        #expect(escalation.title == "Time for dose 2")
        #expect(escalation.body == "The window closes at 02:10 (75 min left).", "worded as it reads when it rings")
        #expect(
            escalation.environment == [
                "NUDGE_KIND": "dose2", "NUDGE_TITLE": "Time for dose 2",
                "NUDGE_BODY": "The window closes at 02:10 (75 min left).", "NUDGE_DUE": "2026-11-21T05:55:00Z",
            ])
        let later = pending(
            night, at: minute(1), settings: ["alarm.escalate_command": command, "dose.escalate_after_minutes": "30"])
        #expect(later?.unansweredAt == minute(195))
        #expect(pending(night, at: minute(269)) != nil)
        #expect(pending(night, at: minute(270)) == nil, "the not-recorded prompt's time has passed")
    }

    /// Sent once unanswered, it reads as the alarm would then, not as it read when it rang
    /// (hostile round on issue 41: "75 min left" ten minutes on).
    @Test func sentUnansweredItIsWordedForItsOwnInstant() throws {
        let night = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1)
        let unanswered = try #require(pending(night, at: minute(175)))
        #expect(unanswered.body == "The window closes at 02:10 (65 min left).")
        #expect(unanswered.environment["NUDGE_BODY"] == unanswered.body)
        #expect(try #require(pending(night, at: minute(190))).body == "The window closes at 02:10 (50 min left).")
        #expect(unanswered.dueAt == minute(165) && unanswered.title == "Time for dose 2")
    }

    @Test func nothingWithoutACommandAnAnswerOrTheKind() {
        let night = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1)
        #expect(pending(night, at: minute(1), settings: [:]) == nil)
        #expect(pending(nil, at: minute(1)) == nil)
        let taken = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1, dose2: minute(170))
        #expect(pending(taken, at: minute(171)) == nil)
        let skipped = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1, skipped: true)
        #expect(pending(skipped, at: minute(100)) == nil)
        let off = ["alarm.escalate_command": command, "dose.notifications_enabled": "false"]
        #expect(pending(night, at: minute(1), settings: off) == nil)
    }

    @Test func aSnoozedAlarmIsANewOne() throws {
        let snoozed = DoseSession(
            sessionID: "S", sessionDate: "2026-11-20", dose1: dose1, snoozeCount: 1, snoozedAt: [minute(166)])
        let escalation = try #require(pending(snoozed, at: minute(167)))
        #expect(escalation.key == "dose2:S:alarm:1")
        #expect(escalation.dueAt > minute(165) && escalation.unansweredAt == escalation.dueAt.addingTimeInterval(600))
    }

    @Test(arguments: [
        (#"["/usr/bin/apprise", "-t", "nudge"]"#, #"["/usr/bin/apprise","-t","nudge"]"#),
        (#"[ "/bin/sh" , "-c", "echo \"$NUDGE_DUE\"" ]"#, #"["/bin/sh","-c","echo \"$NUDGE_DUE\""]"#),
        ("", ""),
    ])
    func aCommandIsStoredAsCompactJSON(typed: String, stored: String) {
        #expect(SettingKey.alarmEscalateCommand.valueKind.canonical(typed) == stored)
    }

    @Test(arguments: [
        #"["apprise", "json://x/"]"#, #"["/usr/bin/apprise", ""]"#, "[]", #"["", "x"]"#, "/usr/local/bin/notify-me",
        #"{"a": "b"}"#, #"["/usr/bin/apprise", 3]"#,
    ])
    func aRelativeProgramOrAnEmptyElementIsRefused(typed: String) {
        #expect(SettingKey.alarmEscalateCommand.valueKind.canonical(typed) == nil)
        let refusal = SettingError.invalidValue(key: .alarmEscalateCommand, value: typed).description
        #expect(refusal.contains("alarm.escalate_command") && refusal.contains("absolute path"))
        #expect(typed.isEmpty || !refusal.contains(typed), "a command may hold a token: not repeated")
        #expect(Settings(rows: ["alarm.escalate_command": typed]).arguments(.alarmEscalateCommand).isEmpty)
    }

    @Test(arguments: ["0", "-1", "10000", "ten"])
    func escalateAfterMinutesOutOfRangeIsRefused(typed: String) {
        #expect(SettingKey.doseEscalateAfterMinutes.valueKind.canonical(typed) == nil)
    }
}
