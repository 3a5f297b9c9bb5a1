import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// A restore of a backup taken before an alarm escalated takes the escalation's record out of
/// the store: the daemon ran `alarm.escalate_command` again for the same alarm, 19 s later
/// (hostile round on issue 41 after B14: the caregiver's phone rung twice for one alarm).
extension DaemonTests {
    /// A dose alarm that rang 11 minutes ago, unanswered, with an escalation command: it
    /// escalates at a daemon's first plan at the instant returned. The backup is from before.
    private func alarmDueToEscalate() throws -> (start: Date, backup: String) {
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-4 * 3600))
        try setup.setSetting(.alarmEscalateCommand, to: #"["/bin/true"]"#, at: start)
        _ = try setup.startDoseSession(
            at: start.addingTimeInterval(-176 * 60), newSession: true, settings: setup.settings(),
            clock: WallClock(zone: zone.resolve().rules)
        ).get()
        let backup = directory.file("before-the-escalation.sqlite")
        _ = try setup.backUp(toFile: backup)
        return (start, backup)
    }

    private func withDoseDaemon(at instant: Date, log: RecordedLog, _ body: () throws -> Void) throws {
        try withDoseDaemon(
            clock: DaemonClock(startingAt: instant), notifier: FakeNotifier(), player: FakePlayer(), log: log, body)
    }

    @Test func aRestoreDoesNotEscalateTheSameAlarmAgain() throws {
        let (start, backup) = try alarmDueToEscalate()
        let log = RecordedLog()
        try withDoseDaemon(at: start, log: log) {
            #expect(log.waitFor("rescheduled (escalation ended)"), "\(log.all)")
            _ = try Store.restore(store, from: backup, keepingCurrentAt: directory.file("kept.sqlite"), now: start)
            #expect(log.waitFor("rescheduled (store changed)"), "\(log.all)")
        }
        let started = log.all.filter { $0.contains("escalating dose2:") }
        #expect(started.count == 1, "\(started)")
    }

    /// The same restore with the daemon stopped meanwhile: the next daemon found no record of
    /// the escalation, and ran the command again. The restore keeps the records.
    @Test func aRestoreDoesNotEscalateTheSameAlarmAgainAfterARestart() throws {
        let (start, backup) = try alarmDueToEscalate()
        let log = RecordedLog()
        try withDoseDaemon(at: start, log: log) {
            #expect(log.waitFor("rescheduled (escalation ended)"), "\(log.all)")
        }
        _ = try Store.restore(store, from: backup, keepingCurrentAt: directory.file("kept.sqlite"), now: start)
        #expect(try StoreQuery.rows(store, "SELECT * FROM reminder_escalations").count == 1, "the restore kept it")
        try withDoseDaemon(at: start.addingTimeInterval(60), log: log) {
            #expect(log.waitFor("rescheduled (start)"), "\(log.all)")
        }
        let started = log.all.filter { $0.contains("escalating dose2:") }
        #expect(started.count == 1, "\(started)")
    }
}
