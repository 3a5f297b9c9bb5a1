import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// A person restores a backup taken after dose 1 and before the dose-2 pre-alarm, while the
/// alarm that replaced the pre-alarm rings: the pre-alarm they saw was recorded "missed", and
/// the alarm was closed and shown anew, ringing its whole time again (hostile round 26 on issue
/// 39, Medium 6). What is still on screen is recorded again as shown, and rings on.
extension DaemonTests {
    @Test func aRestoreKeepsWhatIsOnScreenSeenAndTheAlarmRingingOn() throws {
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-4 * 3600))
        _ = try setup.startDoseSession(
            at: start.addingTimeInterval(-165 * 60), newSession: true, settings: setup.settings(),
            clock: WallClock(zone: zone.resolve().rules)
        ).get()
        let backup = directory.file("after-dose-1.sqlite")
        _ = try setup.backUp(toFile: backup)
        let (notifier, player, log) = (FakeNotifier(), FakePlayer(), RecordedLog())
        let clock = DaemonClock(startingAt: start.addingTimeInterval(-299))
        var seen: (preAlarm: DeliveryRecord, alarm: DeliveryRecord)?
        var counts: (shown: Int, sounds: [String], shownAfter: Int, soundsAfter: [String])?
        try withDoseDaemon(clock: clock, notifier: notifier, player: player, log: log) {
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)")
            clock.set(to: start.addingTimeInterval(1))
            try Store(path: store).setSetting(.soundEnabled, to: "true", at: start)
            #expect(player.waitFor("ring "), "\(log.all)")
            #expect(log.waitFor("as notification 2"), "\(log.all)")
            let reading = try Store(readingOnly: store)
            seen = (
                try #require(try reading.delivery(notificationID: 1)),
                try #require(try reading.delivery(notificationID: 2))
            )
            // Before the first follow-up, due 2 minutes after the alarm.
            clock.set(to: start.addingTimeInterval(100))
            let (shownBefore, soundsBefore) = (notifier.shown.withLock { $0.count }, player.calls.withLock { $0 })
            _ = try Store.restore(store, from: backup, keepingCurrentAt: directory.file("kept.sqlite"), now: Date())
            #expect(log.waitFor("still on screen recorded again"), "\(log.all)")
            // A write after the restore's own two: the daemon has followed all of them.
            let plans = log.all.filter { $0.contains("rescheduled (store changed)") }.count
            try Store(path: store).setSetting(.soundEnabled, to: "true", at: start)
            #expect(log.waitFor("rescheduled (store changed)", count: plans + 1), "\(log.all)")
            counts = (shownBefore, soundsBefore, notifier.shown.withLock { $0.count }, player.calls.withLock { $0 })
        }
        let (preAlarm, alarm) = try #require(seen)
        let reading = try Store(readingOnly: store)
        let preAlarmAfter = try #require(try reading.delivery(key: preAlarm.key))
        #expect(preAlarmAfter.missedAt == nil && preAlarmAfter.shownAt == preAlarm.shownAt, "\(log.all)")
        #expect(try reading.delivery(key: alarm.key)?.shownAt == alarm.shownAt, "\(log.all)")
        #expect(!log.all.contains { $0.contains("missed \(preAlarm.key)") }, "\(log.all)")
        #expect(notifier.closed.withLock { $0 }.isEmpty, "nothing on screen closed: \(log.all)")
        let shown = try #require(counts)
        #expect(shown.shownAfter == shown.shown, "nothing shown anew over the alarm: \(log.all)")
        #expect(shown.soundsAfter == shown.sounds, "rings on, not again: \(shown.soundsAfter)")
    }
}
