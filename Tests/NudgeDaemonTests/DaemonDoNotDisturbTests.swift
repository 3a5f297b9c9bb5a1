import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// Do Not Disturb in process, with KDE Plasma's `Inhibited` on python-dbusmock's server: a kind
/// that holds is not sent while it is on and is shown when it ends; one that breaks through is
/// sent critical.
extension DaemonTests {
    @Test(.hangBound(minutes: 2)) func aHeldReminderIsShownWhenDoNotDisturbEnds() throws {
        let bus = try NotificationBus()
        defer { bus.shutdown() }
        try bus.addInhibited(true)
        let notifier = FakeNotifier()
        let log = RecordedLog()
        var released = Date.distantPast
        try withDaemon(
            clock: DaemonClock(startingAt: Timestamp.parse("2026-11-21T20:00:00Z")!), notifier: notifier, log: log,
            kinds: [.symptom], sessionBus: bus.address
        ) { _, _ in
            #expect(log.waitFor("held symptom:2026-11-21 during Do Not Disturb"), "\(log.all)")
            let held = try #require(try Store(path: store).delivery(key: "symptom:2026-11-21"))
            #expect(held.heldAt != nil && held.shownAt == nil && held.isOwed, "\(held)")
            #expect(notifier.shown.withLock { $0.isEmpty })
            released = Date()
            try bus.setInhibited(false)
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
            #expect(
                Date().timeIntervalSince(released) < 5,
                "shown \(Date().timeIntervalSince(released)) s after the release (5 s: CI shares 2 cores)")
        }
        let shown = notifier.shown.withLock { $0 }
        #expect(shown.map(\.title) == ["Daily symptom check"] && shown.first?.urgency != .critical, "\(shown)")
        let record = try #require(try Store(path: store).delivery(key: "symptom:2026-11-21"))
        #expect(record.shownAt != nil && record.heldAt != nil && record.releasedAt != nil, "\(record)")
    }

    /// The store is the truth: a daemon stopped while holding leaves the occurrence owed, and
    /// the next one, with Do Not Disturb off, shows it once.
    @Test(.hangBound(minutes: 2)) func aReminderHeldByAStoppedDaemonIsShownOnceByTheNext() throws {
        let bus = try NotificationBus()
        defer { bus.shutdown() }
        try bus.addInhibited(true)
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-21T20:00:00Z")!)
        let log = RecordedLog()
        try withDaemon(clock: clock, notifier: FakeNotifier(), log: log, kinds: [.symptom], sessionBus: bus.address) {
            _, _ in
            #expect(log.waitFor("held symptom:2026-11-21 during Do Not Disturb"), "\(log.all)")
        }
        try bus.setInhibited(false)
        // Past the symptom check's lateness (four hours): held, it is never missed for the wait.
        clock.set(to: Timestamp.parse("2026-11-22T01:30:00Z")!)
        let notifier = FakeNotifier()
        try withDaemon(clock: clock, notifier: notifier, kinds: [.symptom], sessionBus: bus.address) { _, _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
        }
        #expect(notifier.shown.withLock { $0.map(\.title) } == ["Daily symptom check"])
        let record = try #require(try Store(path: store).delivery(key: "symptom:2026-11-21"))
        #expect(record.missedAt == nil && record.shownAt != nil && record.releasedAt != nil, "\(record)")
    }

    /// A kind set to break through is sent during Do Not Disturb, critical.
    @Test(.hangBound(minutes: 2)) func aKindSetToBreakThroughIsSentCritical() throws {
        let bus = try NotificationBus()
        defer { bus.shutdown() }
        try bus.addInhibited(true)
        try Store(path: store).setSetting(
            .symptomDuringDoNotDisturb, to: "break-through", at: Timestamp.parse("2026-11-21T12:00:00Z")!)
        let notifier = FakeNotifier()
        try withDaemon(
            clock: DaemonClock(startingAt: Timestamp.parse("2026-11-21T20:00:00Z")!), notifier: notifier,
            kinds: [.symptom], sessionBus: bus.address
        ) { _, _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
        }
        #expect(notifier.shown.withLock { $0.first?.urgency } == .critical)
    }
}
