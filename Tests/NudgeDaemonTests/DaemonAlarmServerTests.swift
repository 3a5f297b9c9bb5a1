import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// The dose-2 alarm against a server that does not do what it is asked: the ring does not wait
/// for it, and what it let expire does not come back over the alarm.
extension DaemonTests {
    /// Dose 1 such that the alarm (dose 1 + 165 min) is `offset` from `start`.
    private func startNight(alarmAt start: Date, after offset: TimeInterval) throws {
        let setup = try Store(path: store, now: start.addingTimeInterval(-3 * 3600))
        _ = try setup.startDoseSession(
            at: start.addingTimeInterval(offset - 165 * 60), newSession: true, settings: setup.settings(),
            clock: WallClock(zone: zone.resolve().rules)
        ).get()
    }

    /// A server that holds the alarm's Notify (hung, or for D-Bus's 25 s): nudge's own ring
    /// starts all the same; the alarm is not shown, and the ring is not stopped for it.
    @Test func theAlarmRingsWhileTheServerHoldsIt() throws {
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        try startNight(alarmAt: start, after: 0)
        let notifier = FakeNotifier()
        notifier.holding.withLock { $0 = true }
        let player = FakePlayer()
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: start), notifier: notifier, log: log, player: player, kinds: [.dose2]
        ) { _, _ in
            #expect(player.waitFor("ring "), "\(log.all)")
            #expect(log.waitFor("rescheduled (start)"), "\(log.all)")
        }
        #expect(notifier.held.withLock { $0.count } == 1)
        #expect(notifier.shown.withLock { $0.isEmpty })
        // No id yet: the log names the delivery, not a notification 0 (issue 41, hostile round).
        #expect(log.all.contains { $0.contains("ringing for delivery ") }, "\(log.all)")
        #expect(!log.all.contains { $0.contains("notification 0") }, "\(log.all)")
        #expect(!player.calls.withLock { $0 }.contains("stop"), "\(player.calls.withLock { $0 })")
    }

    /// An alarm that falls due as the daemon starts rings once: the start's own show starts it,
    /// and the resumption of a ring left by a previous daemon does not start it again.
    @Test func anAlarmDueAtStartRingsOnce() throws {
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        try startNight(alarmAt: start, after: 0)
        let notifier = FakeNotifier()
        let player = FakePlayer()
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: start), notifier: notifier, log: log, player: player, kinds: [.dose2]
        ) { _, _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)")
        }
        // The daemon has stopped: every call it made is in.
        let rings = player.calls.withLock { $0 }.filter { $0.hasPrefix("ring ") }
        #expect(rings.count == 1, "\(player.calls.withLock { $0 }) \(log.all)")
    }

    /// The pre-alarm expired unseen shortly before the alarm: when it is owed again the alarm is
    /// ringing on screen, and the past is not put over it (nor the ring stopped).
    @Test func anExpiredPreAlarmIsNotShownOverTheRingingAlarm() throws {
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        // The pre-alarm (dose 1 + 160 min) was due a minute ago; the alarm is in 4 minutes.
        try startNight(alarmAt: start, after: 4 * 60)
        try Store(path: store).setSetting(ExpiredReshow.minutes, to: "1", at: start)
        let notifier = FakeNotifier()
        let player = FakePlayer()
        let log = RecordedLog()
        let clock = DaemonClock(startingAt: start)
        try withDaemon(clock: clock, notifier: notifier, log: log, player: player, kinds: [.dose2]) { daemon, clock in
            // The present state, the pre-alarm (the fake's ids count its notifications).
            var preAlarm: Int?
            while preAlarm == nil, notifier.showed.wait(timeout: .now() + 10) == .success {
                preAlarm = notifier.shown.withLock { $0.map(\.title) }.firstIndex { $0.hasPrefix("Dose 2 in ") }
            }
            let expiring = try #require(
                preAlarm.map { UInt32($0 + 1) }, "\(notifier.shown.withLock { $0.map(\.title) }) \(log.all)")
            clock.set(to: start.addingTimeInterval(3 * 60 + 30))
            daemon.clockWasSet()
            notifier.onEvent?(.closed(notificationID: expiring, reason: .expired))
            #expect(log.waitFor("expired unanswered"), "\(log.all)")
            clock.set(to: start.addingTimeInterval(4 * 60 + 1))
            daemon.clockWasSet()
            #expect(player.waitFor("ring "), "\(log.all)")
            clock.set(to: start.addingTimeInterval(4 * 60 + 31))
            daemon.clockWasSet()
            #expect(log.waitFor("is not shown again: a later notification of its kind replaced it"), "\(log.all)")
        }
        #expect(
            notifier.shown.withLock { $0.map { $0.title.hasPrefix("Dose 2 in ") ? "Dose 2 in" : $0.title } }.suffix(2)
                == ["Dose 2 in", "Time for dose 2"])
        #expect(!player.calls.withLock { $0 }.contains("stop"), "\(player.calls.withLock { $0 })")
    }
}
