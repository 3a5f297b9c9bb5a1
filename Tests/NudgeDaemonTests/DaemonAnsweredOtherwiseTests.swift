import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// A reminder on screen settled from the command line (issue 40, fifth round, items 2 and 3):
/// the daemon closes it, as it closes a dose alarm answered elsewhere, and the store records it
/// closed by nudge, which history calls "answered otherwise".
extension DaemonTests {
    /// Shows the one reminder due at `start`, lets `settle` write what answers it elsewhere,
    /// and expects its notification closed and recorded so.
    private func expectClosedOnceSettled(
        start: Date, kinds: [ReminderKind], settle: (Store) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let notifier = FakeNotifier()
        let shownRow = { try StoreQuery.rows(self.store, "SELECT shown_at, closed_reason FROM reminder_deliveries") }
        try withDaemon(clock: DaemonClock(startingAt: start), notifier: notifier, kinds: kinds) { _, _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, sourceLocation: sourceLocation)
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                    (try? shownRow().first?["shown_at"]).map { $0 != "NULL" } ?? false
                }, sourceLocation: sourceLocation)
            try settle(try Store(path: store))
            #expect(notifier.closing.wait(timeout: .now() + 10) == .success, sourceLocation: sourceLocation)
            #expect(notifier.closed.withLock { $0 } == [1], sourceLocation: sourceLocation)
            notifier.onEvent?(.closed(notificationID: 1, reason: .expired))
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                    (try? shownRow().first?["closed_reason"]) == "closed"
                }, sourceLocation: sourceLocation)
        }
    }

    @Test func aCallReminderOnScreenIsClosedOnceTheCallIsLogged() throws {
        let start = try #require(Timestamp.parse("2026-11-21T18:00:00Z"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-3600))
        let kim = try setup.addContact(name: "Kim", everyDays: nil, now: start.addingTimeInterval(-3600)).get()
        _ = try setup.addCallReminder(contactID: kim, dueAt: start, note: nil, now: start.addingTimeInterval(-3600))
        try expectClosedOnceSettled(start: start, kinds: [.call]) { store in
            try store.logCall(
                contactID: kim, at: start.addingTimeInterval(60), durationMinutes: 5, mood: nil, notes: nil,
                now: start.addingTimeInterval(60))
        }
        // Done too, in the call's write: `call reminders` no longer lists it (sixth round).
        #expect(
            try StoreQuery.rows(store, "SELECT done_at FROM call_reminders") == [["done_at": "2026-11-21T18:01:00Z"]])
    }

    @Test func theMoodAfterPromptIsClosedOnceTheMoodIsRecorded() throws {
        let start = try #require(Timestamp.parse("2026-11-21T18:00:00Z"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-5 * 3600))
        let adding = try setup.addTherapySession(
            .init(), startedAt: start.addingTimeInterval(-240 * 60), type: .oral, now: start.addingTimeInterval(-3600))
        guard case .added(let session) = adding else {
            Issue.record("not added: \(adding)")
            return
        }
        try expectClosedOnceSettled(start: start, kinds: [.journal]) { store in
            _ = try store.editTherapySession(id: session.id, .init(moodAfter: 7), now: start.addingTimeInterval(60))
        }
    }
}
