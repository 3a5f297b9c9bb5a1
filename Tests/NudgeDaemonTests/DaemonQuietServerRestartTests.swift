import Foundation
import NudgeCore
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
}
