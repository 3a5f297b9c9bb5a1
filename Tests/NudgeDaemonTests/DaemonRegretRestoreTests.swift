import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// A person restores a backup from before dose 1 while the dose-2 alarm rings, regrets it, and
/// restores the copy kept before (`STORE.before-restore-*`): the alarm came back twice and
/// silent with the daemon running, and with it stopped meanwhile every later daemon rang for a
/// notification no longer on screen (hostile round 26 on issue 39). It comes back once,
/// ringing what is left of its time, counted from its first showing.
extension DaemonTests {
    /// A store whose dose-2 alarm is due at the instant returned, and a backup from before dose 1.
    private func alarmDueWithABackupFromBefore() throws -> (start: Date, backup: String) {
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-4 * 3600))
        let backup = directory.file("before-dose-1.sqlite")
        _ = try setup.backUp(toFile: backup)
        _ = try setup.startDoseSession(
            at: start.addingTimeInterval(-165 * 60), newSession: true, settings: setup.settings(),
            clock: WallClock(zone: zone.resolve().rules)
        ).get()
        return (start, backup)
    }

    /// The daemon in process with the dose kind alone, its clock, notifier, player and log given.
    func withDoseDaemon(
        clock: DaemonClock, notifier: FakeNotifier, player: FakePlayer, log: RecordedLog, _ body: () throws -> Void
    ) throws {
        try withDaemon(clock: clock, notifier: notifier, log: log, player: player, kinds: [.dose2]) { _, _ in try body()
        }
    }

    private func alarmsShown(_ notifier: FakeNotifier) -> Int {
        notifier.shown.withLock { $0.filter { $0.title == "Time for dose 2" }.count }
    }

    /// The alarm shown and ringing, then the backup restored: closed, and its ringing stopped.
    private func restoreWhileTheAlarmRings(
        _ backup: String, notifier: FakeNotifier, player: FakePlayer, log: RecordedLog
    ) throws -> String {
        #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)")
        #expect(player.waitFor("ring "), "\(log.all)")
        #expect(alarmsShown(notifier) == 1)
        let kept = directory.file("kept.sqlite")
        _ = try Store.restore(store, from: backup, keepingCurrentAt: kept, now: Date())
        #expect(notifier.closing.wait(timeout: .now() + 10) == .success, "\(log.all)")
        notifier.onEvent?(.closed(notificationID: 1, reason: .closed))
        #expect(player.waitFor("stop"), "\(log.all)")
        return kept
    }

    @Test func theCopyKeptBeforeARestoreBringsTheAlarmBackOnceAndRinging() throws {
        let (start, backup) = try alarmDueWithABackupFromBefore()
        let (notifier, player, log) = (FakeNotifier(), FakePlayer(), RecordedLog())
        let clock = DaemonClock(startingAt: start)
        try withDoseDaemon(clock: clock, notifier: notifier, player: player, log: log) {
            let kept = try restoreWhileTheAlarmRings(backup, notifier: notifier, player: player, log: log)
            clock.set(to: start.addingTimeInterval(100))
            let rings = player.calls.withLock { $0.filter { $0.hasPrefix("ring ") }.count }
            // A server slow to answer: the rows name the closed notification until it does, and
            // a plan meanwhile (another write) followed the older copy a second time.
            notifier.holding.withLock { $0 = true }
            let planned = log.all.filter { $0.contains("rescheduled (store changed)") }.count
            _ = try Store.restore(store, from: kept, keepingCurrentAt: directory.file("kept-2.sqlite"), now: Date())
            #expect(log.waitFor("rescheduled (store changed)", count: planned + 1), "\(log.all)")
            let plans = log.all.filter { $0.contains("rescheduled (store changed)") }.count
            try Store(path: store).setSetting(.soundEnabled, to: "true", at: start)
            #expect(log.waitFor("rescheduled (store changed)", count: plans + 1), "\(log.all)")
            notifier.releaseHeld()
            #expect(log.waitFor("again as notification"), "\(log.all)")
            #expect(alarmsShown(notifier) == 2, "\(log.all)")
            #expect(player.calls.withLock { $0.filter { $0.hasPrefix("ring ") }.count } == rings + 1, "\(log.all)")
        }
        let left = log.all.compactMap { $0.firstMatch(of: #/rings again for the (\d+) s left/#).flatMap { Int($0.1) } }
        #expect(
            left.count == 1 && left.allSatisfy { (180...200).contains($0) },
            "counted from its first showing: \(log.all)")
    }

    @Test func theCopyKeptBeforeARestoreRestoredWithTheDaemonStoppedShowsTheAlarmAgain() throws {
        let (start, backup) = try alarmDueWithABackupFromBefore()
        let log = RecordedLog()
        var kept = ""
        let (first, firstPlayer) = (FakeNotifier(), FakePlayer())
        try withDoseDaemon(clock: DaemonClock(startingAt: start), notifier: first, player: firstPlayer, log: log) {
            kept = try restoreWhileTheAlarmRings(backup, notifier: first, player: firstPlayer, log: log)
        }
        _ = try Store.restore(store, from: kept, keepingCurrentAt: directory.file("kept-2.sqlite"), now: Date())
        let (notifier, player) = (FakeNotifier(), FakePlayer())
        try withDoseDaemon(
            clock: DaemonClock(startingAt: start.addingTimeInterval(30)), notifier: notifier, player: player, log: log
        ) {
            // The same server: without the close recorded, the daemon rang for notification 1.
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)")
            #expect(player.waitFor("ring "), "\(log.all)")
        }
        #expect(alarmsShown(notifier) == 1, "\(log.all)")
        let left = log.all.compactMap { $0.firstMatch(of: #/rings again for the (\d+) s left/#).flatMap { Int($0.1) } }
        #expect(left.count == 1 && left.allSatisfy { (260...270).contains($0) }, "from its first showing: \(log.all)")
    }
}
