import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// A meditation begun while Plasma has not yet answered the `Inhibit` of one that ended
/// (hostile round on issue 41 after B16, High 1: the second session asked nothing, the late
/// answer was taken for it and ended at once, the log said the person turned Do Not Disturb
/// off, and a hold reminder due in the second session was shown).
extension DaemonTests {
    @Test(.hangBound(minutes: 2)) func aSecondSessionKeepsTheFirstsUnansweredInhibit() throws {
        let bus = try NotificationBus()
        defer { bus.shutdown() }
        try bus.addInhibited(false)
        try bus.addInhibitMethods(answeringAfter: 8)
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-21T19:58:00Z"))
        _ = try quietSession(clock)
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: clock, notifier: notifier, log: log, kinds: [.meditation, .symptom], sessionBus: bus.address
        ) { daemon, clock in
            let asked = FileEvents.waitUntil(watching: [bus.directory.path], timeout: 15) {
                bus.inhibitCalls().contains { $0.hasPrefix("Inhibit ") }
            }
            #expect(asked, "\(bus.diagnostics)\n\(log.all)")
            _ = try Store(path: store).stopMeditation(at: clock.now())
            _ = try quietSession(clock)
            #expect(log.waitFor("is kept for the session that began meanwhile"), "\(log.all)")
            clock.set(to: Timestamp.parse("2026-11-21T20:00:30Z")!)
            daemon.clockWasSet()
            #expect(log.waitFor("held symptom:2026-11-21 during Do Not Disturb"), "\(log.all)")
            #expect(
                log.waitFor("answered the call to turn Do Not Disturb on (the notification server's Inhibit) late"),
                "\(log.all)")
            #expect(bus.waitForInhibited(true), "\(bus.diagnostics)\n\(log.all)")
            #expect(notifier.shown.withLock { $0.isEmpty }, "\(notifier.shown.withLock { $0.map(\.title) })")
            #expect(!bus.inhibitCalls().contains { $0.hasPrefix("UnInhibit") }, "\(bus.inhibitCalls())")
        }
        #expect(!log.all.contains { $0.contains("was turned off during") }, "\(log.all)")
        let calls = bus.inhibitCalls()
        #expect(calls.count == 2 && calls.last == "UnInhibit 41", "one call, ended at the daemon's end: \(calls)")
    }
}
