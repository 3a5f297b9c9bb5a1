import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// A reminder shown in the second a notification server appeared (after none was there), then
/// answered or settled elsewhere: it is closed on screen as any such one is, though the store's
/// second-precision times cannot tell it by time from what the server before showed (issue 41,
/// hostile round, item 3).
extension DaemonTests {
    /// Runs a daemon of `kind` whose first show fails, has a server appear at the start of a
    /// second so that the reminder is shown in it, lets `settle` answer it elsewhere, and expects
    /// it closed.
    private func expectClosedWhenShownAsAServerAppears(
        _ kind: ReminderKind, start: Date, settle: (Store, DeliveryRecord, Date) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let notifier = FakeNotifier()
        notifier.failing.withLock { $0 = true }
        let log = RecordedLog()
        try withDaemon(clock: DaemonClock(startingAt: start), notifier: notifier, log: log, kinds: [kind]) {
            _, clock in
            let owed = FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                (try? StoreQuery.rows(store, "SELECT shown_at FROM reminder_deliveries"))?.first?["shown_at"] == "NULL"
            }
            #expect(owed, "\(log.all)", sourceLocation: sourceLocation)
            // The start's plan tried to show it, and failed, before the server changes.
            #expect(log.waitFor("rescheduled (start)"), "\(log.all)", sourceLocation: sourceLocation)
            clock.set(to: start.addingTimeInterval(5))
            notifier.onEvent?(.serverVanished)
            notifier.failing.withLock { $0 = false }
            notifier.onEvent?(.serverAppeared(owner: nil))
            #expect(
                notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)", sourceLocation: sourceLocation)
            var shown: DeliveryRecord?
            let recorded = FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                shown = (try? Store(path: store).latestShown(kind)) ?? nil
                return shown?.shownAt != nil
            }
            // In the second the server appeared: a later second would not show the fault.
            #expect(
                recorded && shown?.shownAt == start.addingTimeInterval(5), "\(String(describing: shown))",
                sourceLocation: sourceLocation)
            let delivery = try #require(shown, sourceLocation: sourceLocation)
            try settle(try Store(path: store), delivery, clock.now())
            #expect(
                notifier.closing.wait(timeout: .now() + 10) == .success, "left open: \(log.all)",
                sourceLocation: sourceLocation)
            #expect(notifier.closed.withLock { $0 } == [delivery.notificationID], sourceLocation: sourceLocation)
        }
    }

    @Test(.hangBound(minutes: 2)) func aReminderShownAsAServerAppearsIsClosedOnceAnsweredElsewhere() throws {
        let start = try #require(Timestamp.parse("2026-11-21T20:00:00Z"))
        try expectClosedWhenShownAsAServerAppears(.symptom, start: start) {
            store, delivery, now in
            _ = try store.answer(
                delivery.id, action: SymptomReminder.doneAction, at: now, clock: WallClock(zone: zone.resolve().rules))
        }
    }

    @Test(.hangBound(minutes: 2)) func aCallReminderShownAsAServerAppearsIsClosedOnceTheCallIsLogged() throws {
        let start = try #require(Timestamp.parse("2026-11-21T18:00:00Z"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-3600))
        let kim = try setup.addContact(name: "Kim", everyDays: nil, now: start.addingTimeInterval(-3600)).get()
        _ = try setup.addCallReminder(contactID: kim, dueAt: start, note: nil, now: start.addingTimeInterval(-3600))
        try expectClosedWhenShownAsAServerAppears(.call, start: start) { store, _, now in
            try store.logCall(contactID: kim, at: now, durationMinutes: 5, mood: nil, notes: nil, now: now)
        }
    }
}
