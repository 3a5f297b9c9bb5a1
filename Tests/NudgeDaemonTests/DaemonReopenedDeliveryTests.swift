import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// An older copy of the store that records as on screen a reminder whose notification had
/// closed (hostile round 22 on issue 39): after two restores in a row, or a backup taken while
/// it was shown and restored after the server expired it, history said "shown, no answer" for
/// good with nothing on screen, and the reminder was never shown again.
extension DaemonTests {
    /// The bins at 18:00 in a store with its two backups: before it was shown, and once shown.
    private func binsShownBetweenTwoBackups(
        log: RecordedLog? = nil,
        _ body: (_ notifier: FakeNotifier, _ before: String, _ whileShown: String) throws -> Void
    ) throws {
        let start = try #require(Timestamp.parse("2026-11-21T18:00:00Z"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-3600))
        _ = try setup.addOwnReminder(
            text: "Take out the bins", repeats: .on(try #require(CivilDate(iso: "2026-11-21"))),
            time: try #require(LocalTime(hour: 18, minute: 0)), now: start.addingTimeInterval(-3600))
        let (before, whileShown) = (directory.file("before.sqlite"), directory.file("while-shown.sqlite"))
        _ = try setup.backUp(toFile: before)
        let notifier = FakeNotifier()
        try withDaemon(clock: DaemonClock(startingAt: start), notifier: notifier, log: log, kinds: [.ownReminder]) {
            _, _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
            #expect(FileEvents.waitUntil(watching: [directory.path], timeout: 10) { (try? self.shownRows()) == 1 })
            _ = try Store(path: store).backUp(toFile: whileShown)
            try body(notifier, before, whileShown)
        }
    }

    private func shownRows() throws -> Int {
        try StoreQuery.rows(store, "SELECT id FROM reminder_deliveries WHERE shown_at IS NOT NULL").count
    }

    private func bins() throws -> [String: String] {
        try StoreQuery.rows(
            store, "SELECT notification_id, closed_reason, reshow_at, lost_reason FROM reminder_deliveries"
        ).first ?? [:]
    }

    /// A restore of the backup from before it was shown leaves it on screen, recorded again as
    /// shown (hostile round 26 on issue 39, Medium 6: it was closed and shown anew, with its sound
    /// again), and the restore of the backup taken while it was shown, which records it as on
    /// screen, finds it so: one showing, one notification, no answer lost. A reminder a restore
    /// closed and the next brings back open is shown again: `DaemonRegretRestoreTests`.
    @Test func aReminderOnScreenStaysThroughARestoreAndTheNext() throws {
        let log = RecordedLog()
        try binsShownBetweenTwoBackups(log: log) { notifier, before, whileShown in
            _ = try Store.restore(store, from: before, keepingCurrentAt: directory.file("kept-1.sqlite"), now: Date())
            #expect(log.waitFor("1 showing still on screen recorded again"), "\(log.all)")
            _ = try Store.restore(
                store, from: whileShown, keepingCurrentAt: directory.file("kept-2.sqlite"), now: Date())
            // A write after both restores' own: the daemon has followed them all.
            let plans = log.all.filter { $0.contains("rescheduled (store changed)") }.count
            try Store(path: store).setSetting(.soundEnabled, to: "true", at: Date())
            #expect(log.waitFor("rescheduled (store changed)", count: plans + 1), "\(log.all)")
            #expect(notifier.closed.withLock { $0 }.isEmpty, "\(log.all)")
            #expect(notifier.shown.withLock { $0.map(\.title) } == ["Take out the bins"], "\(log.all)")
            #expect(try bins()["notification_id"] == "1" && bins()["lost_reason"] == "NULL", "\(log.all)")
        }
    }

    @Test func aBackupTakenWhileShownAndRestoredAfterTheServerExpiredItRecordsTheExpiry() throws {
        try binsShownBetweenTwoBackups { notifier, _, whileShown in
            notifier.onEvent?(.closed(notificationID: 1, reason: .expired))
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                    (try? self.bins())?["closed_reason"] == "expired"
                })
            _ = try Store.restore(store, from: whileShown, keepingCurrentAt: directory.file("kept.sqlite"), now: Date())
            // Owed again later, as an expiry is, not "shown, no answer" with nothing on screen.
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                    (try? self.bins()).map { $0["closed_reason"] == "expired" && $0["reshow_at"] != "NULL" } == true
                })
        }
    }

    /// The daemon that heard the expiry was restarted before the restore: the new one knew of
    /// no close, and the reminder stayed "shown, no answer" with nothing on screen. The restore
    /// names the closes of the store it replaced.
    @Test func aDaemonStartedAfterTheExpiryRecordsItWhenTheRestoreBringsTheReminderBackOpen() throws {
        var backup = ""
        try binsShownBetweenTwoBackups { notifier, _, whileShown in
            backup = whileShown
            notifier.onEvent?(.closed(notificationID: 1, reason: .expired))
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                    (try? self.bins())?["closed_reason"] == "expired"
                })
        }
        _ = try Store.restore(store, from: backup, keepingCurrentAt: directory.file("kept.sqlite"), now: Date())
        #expect(try bins()["closed_reason"] == "NULL", "the restore brought it back open")
        let start = try #require(Timestamp.parse("2026-11-21T18:05:00Z"))
        try withDaemon(clock: DaemonClock(startingAt: start), notifier: FakeNotifier(), kinds: [.ownReminder]) { _, _ in
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                    (try? self.bins()).map { $0["closed_reason"] == "expired" && $0["reshow_at"] != "NULL" } == true
                }, "\((try? self.bins()) ?? [:])")
        }
    }
}
