import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// A restore that rolls back a reminder on screen (issue 39, round 17): its notification stayed
/// up and answered nothing, and the next delivery got its id again, so `nudge ack 1 done`, as
/// the old notification said, answered another reminder. The daemon closes it, and its id is
/// never given again.
extension DaemonTests {
    @Test func aRestoreClosesTheNotificationItRolledBackAndItsIdIsNotGivenAgain() throws {
        let start = try #require(Timestamp.parse("2026-11-21T18:00:00Z"))
        let day = try #require(CivilDate(iso: "2026-11-21"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-3600))
        let pharmacy = try setup.addOwnReminder(
            text: "Call the pharmacy", repeats: .on(day), time: try #require(LocalTime(hour: 18, minute: 30)),
            now: start.addingTimeInterval(-3600))
        let backup = directory.file("before-the-bins.sqlite")
        _ = try setup.backUp(toFile: backup)
        _ = try setup.addOwnReminder(
            text: "Take out the bins", repeats: .on(day), time: try #require(LocalTime(hour: 18, minute: 0)),
            now: start.addingTimeInterval(-3600))
        let notifier = FakeNotifier()
        let shownID = {
            try StoreQuery.rows(self.store, "SELECT id FROM reminder_deliveries WHERE shown_at IS NOT NULL").first?[
                "id"]
        }
        var binsDelivery: String?
        try withDaemon(clock: DaemonClock(startingAt: start), notifier: notifier, kinds: [.ownReminder]) { _, _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
            #expect(notifier.shown.withLock { $0.map(\.title) } == ["Take out the bins"])
            #expect(FileEvents.waitUntil(watching: [directory.path], timeout: 10) { (try? shownID()) != nil })
            binsDelivery = try shownID() ?? nil
            _ = try Store.restore(store, from: backup, keepingCurrentAt: directory.file("kept.sqlite"), now: start)
            #expect(notifier.closing.wait(timeout: .now() + 10) == .success)
            #expect(notifier.closed.withLock { $0 } == [1])
            // Handled: the daemon forgets the name once it has closed it.
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                    (try? StoreQuery.rows(
                        self.store, "SELECT value FROM store_metadata WHERE key = 'rolled_back_notifications'"
                    )
                    .isEmpty) == true
                })
        }
        let rolledBackID = try #require(binsDelivery.flatMap { Int64($0) })
        let claimed = try #require(
            try Store(path: store).claim(
                Occurrence(
                    kind: .ownReminder, key: pharmacy.key(on: day), dueAt: start.addingTimeInterval(1800),
                    title: pharmacy.text)))
        #expect(claimed.id > rolledBackID, "the rolled-back delivery's id \(rolledBackID) was given again")
    }
}
