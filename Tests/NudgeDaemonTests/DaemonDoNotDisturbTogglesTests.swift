import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// Do Not Disturb toggled over and over on Plasma, ending on, seconds before a hold reminder is
/// due (hostile round on issue 41 after B16, High 2: 200 toggles in under a second, each planned
/// on its own at 7-12 ms, left the loop seconds behind the desktop; a plan it made behind them,
/// after the due instant, read a state long gone and showed the reminder into the quiet).
extension DaemonTests {
    @Test(.hangBound(minutes: 2)) func aReminderDueAfterManyTogglesEndingOnIsHeld() throws {
        let bus = try NotificationBus()
        defer { bus.shutdown() }
        try bus.addInhibited(false)
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: Timestamp.parse("2026-11-21T19:59:00Z")!), notifier: notifier, log: log,
            kinds: [.symptom], sessionBus: bus.address
        ) { daemon, clock in
            let due = Timestamp.parse("2026-11-21T20:00:00Z")!
            clock.set(to: due.addingTimeInterval(-4))
            daemon.clockWasSet()
            try bus.toggleInhibited(times: 200)
            try #require(clock.now() < due, "the toggles ended after the due instant: the machine was too slow to say")
            #expect(log.waitFor("held symptom:2026-11-21 during Do Not Disturb"), "\(log.all.suffix(20))")
            #expect(notifier.shown.withLock { $0.isEmpty }, "\(notifier.shown.withLock { $0.map(\.title) })")
        }
    }
}
