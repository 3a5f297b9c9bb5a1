import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// The "store is damaged" warning is closed once a restore made the store sound (issue 39,
/// round 27, Medium 3): left on screen, its advice was followed again later and rolled back an
/// entry written after the fix.
extension DaemonTests {
    /// Damage where every plan reads: the warning is shown and stays while the store is
    /// damaged; the restore makes it sound, and the daemon closes the warning and forgets it
    /// beside the store.
    @Test func theDamageWarningIsClosedOnceARestoreMadeTheStoreSound() throws {
        let taken = try #require(Timestamp.parse("2026-11-20T12:00:00Z"))
        let backups = store + ".backups"
        let backup = try Store(path: store, now: taken).backUp(into: backups, at: taken)
        try overwriteRootPage(of: "reminder_deliveries", with: Data(repeating: 0xFF, count: 4096))
        let notifier = FakeNotifier()
        let log = RecordedLog()
        let now = try #require(Timestamp.parse("2026-11-22T12:00:00Z"))
        try withDaemon(clock: DaemonClock(startingAt: now), notifier: notifier, log: log) { daemon, _ in
            #expect(notifier.showed.wait(timeout: .now() + 30) == .success, "\(log.all)")
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                    BackupLocation.damageWarning(store: self.store)?.notificationID == 1
                }, "recorded beside the store for a daemon started later: \(log.all)")
            daemon.clockWasSet()
            #expect(log.waitFor("the store \(store) is damaged", count: 2), "\(log.all)")
            #expect(notifier.closed.withLock { $0 } == [], "closed while the store is still damaged")
            _ = try Store.restore(store, from: backup.path, keepingCurrentAt: directory.file("kept.sqlite"), now: now)
            #expect(notifier.closing.wait(timeout: .now() + 30) == .success, "\(log.all)")
        }
        #expect(notifier.closed.withLock { $0 } == [1])
        #expect(BackupLocation.damageWarning(store: store) == nil, "still recorded beside the store")
    }

    /// A daemon started on a sound store whose damage warning an earlier daemon recorded (it
    /// stopped, or could not open the store, before the restore) closes that warning.
    @Test func aDaemonStartedAfterTheRestoreClosesTheWarningLeftOnScreen() throws {
        let taken = try #require(Timestamp.parse("2026-11-20T12:00:00Z"))
        _ = try Store(path: store, now: taken).backUp(into: store + ".backups", at: taken)
        #expect(
            BackupLocation.recordDamageWarning(
                DamageWarning(notificationID: 7, shownAt: taken), store: store, waiting: true))
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(clock: DaemonClock(startingAt: taken.addingTimeInterval(3600)), notifier: notifier, log: log) {
            _, _ in
            #expect(notifier.closing.wait(timeout: .now() + 30) == .success, "\(log.all)")
        }
        #expect(notifier.closed.withLock { $0 } == [7])
        #expect(BackupLocation.damageWarning(store: store) == nil)
    }
}
