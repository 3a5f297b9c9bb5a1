import Foundation
import NudgeCore
import NudgeNotifier
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// A notification server restarted during a meditation that quieted the desktop (hostile round
/// on issue 41, Medium 2, on real dunst: the restarted dunst starts unpaused, nudge took that
/// for the person's doing, left it unpaused for the rest of the session, and sent what the
/// session held to it at once).
extension DaemonTests {
    /// Paused again by nudge; the symptom check held since 20:00 is shown only at the end bell.
    @Test(.hangBound(minutes: 2)) func aDunstRestartedDuringASessionIsPausedAgain() throws {
        let dunst = try DunstServer(rules: "")
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-21T19:58:00Z"))
        _ = try quietSession(clock)
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: clock, notifier: notifier, log: log, kinds: [.meditation, .symptom], sessionBus: dunst.address
        ) { daemon, clock in
            #expect(log.waitFor("Do Not Disturb is on (dunst is paused)"), "\(log.all)")
            clock.set(to: Timestamp.parse("2026-11-21T20:00:30Z")!)
            daemon.clockWasSet()
            #expect(log.waitFor("held symptom:2026-11-21 during Do Not Disturb"), "\(log.all)")
            try dunst.restart()
            #expect(log.waitFor("Do Not Disturb is on (dunst is paused)", count: 2), "\(log.all)")
            #expect(try dunst.isPaused())
            #expect(notifier.shown.withLock { $0.isEmpty }, "\(notifier.shown.withLock { $0 })")
            clock.set(to: Timestamp.parse("2026-11-21T20:18:00Z")!)
            daemon.clockWasSet()
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)")
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)")
        }
        let titles = notifier.shown.withLock { $0.map(\.title) }
        #expect(Set(titles) == [MeditationTimer.completeTitle, "Daily symptom check"], "\(titles)")
        #expect(try dunst.isPaused() == false)
    }

    /// What a daemon killed during the session left: dunst paused for it, and the server it
    /// last saw (as its notifier records it). Returns that server.
    private func killedDaemonPausedDunst(_ dunst: DunstServer, span: String) throws -> String {
        let owner = try #require(
            DoNotDisturbWatch(sessionBus: dunst.address, readsGNOME: false, quietsGNOME: false) { _ in }
                .firstState(within: 10).serverOwner)
        let left = try Store(path: store)
        _ = try left.recordNotificationServer(owner)
        try left.recordQuietedDesktop(.init(span: span, change: "dunst"))
        return owner
    }

    /// dunst restarted while no daemon ran (hostile round on issue 41 after B15c, High 2: the
    /// next daemon took the new, unpaused dunst for the person's choice, "left off", showed the
    /// held symptom check mid-session and left dunst unpaused). The server the store recorded
    /// tells them apart: another server is paused again and unpaused at the end bell, as the
    /// person had it before the session; the same server unpaused is the person's doing.
    @Test(.hangBound(minutes: 3)) func aDunstRestartedWhileNoDaemonRanIsPausedAgain() throws {
        let dunst = try DunstServer(rules: "")
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-21T19:58:00Z"))
        let span = try quietSession(clock)
        _ = try killedDaemonPausedDunst(dunst, span: span)
        let same = RecordedLog()
        try withDaemon(
            clock: clock, notifier: FakeNotifier(), log: same, kinds: [.meditation], sessionBus: dunst.address
        ) { _, _ in
            #expect(same.waitFor("while no daemon ran: left off"), "\(same.all)")
        }
        // Named as a person reads it, not by its key.
        #expect(same.all.contains { $0.contains("turned off during the meditation while") }, "\(same.all)")

        _ = try killedDaemonPausedDunst(dunst, span: span)
        try dunst.restart()
        clock.set(to: Timestamp.parse("2026-11-21T20:00:30Z")!)
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: clock, notifier: notifier, log: log, kinds: [.meditation, .symptom], sessionBus: dunst.address
        ) { daemon, clock in
            #expect(log.waitFor("turned on again for the rest of the meditation"), "\(log.all)")
            #expect(log.waitFor("held symptom:2026-11-21 during Do Not Disturb"), "\(log.all)")
            #expect(log.waitFor("Do Not Disturb is on (dunst is paused)"), "\(log.all)")
            let paused = try dunst.isPaused()
            #expect(paused)
            #expect(notifier.shown.withLock { $0.isEmpty }, "\(notifier.shown.withLock { $0 })")
            clock.set(to: Timestamp.parse("2026-11-21T20:18:00Z")!)
            daemon.clockWasSet()
            for _ in 0..<2 { #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)") }
        }
        #expect(!log.all.contains { $0.contains("left off") }, "\(log.all)")
        let titles = notifier.shown.withLock { $0.map(\.title) }
        #expect(Set(titles) == [MeditationTimer.completeTitle, "Daily symptom check"], "\(titles)")
        #expect(try dunst.isPaused() == false)
    }
}
