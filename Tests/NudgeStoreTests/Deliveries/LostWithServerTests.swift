import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// What a restarted notification server took with it (`recordLostWithServer`): only what it
/// showed at the end. The dose window replaces its alert in place by the next state (one
/// notification id); the states replaced before the restart were no longer on screen (hostile
/// round on issue 41, Medium 3: all five were recorded lost, "5, 0 shown again").
@Suite struct LostWithServerTests {
    let directory = TemporaryDirectory()
    let store: Store
    let now = Timestamp.parse("2026-11-21T23:00:00Z")!
    let clock = WallClock(zone: .system("UTC"))

    init() throws {
        store = try Store(path: directory.file("nudge.sqlite"))
    }

    /// Shown at `now` + `minutes` as notification `id`.
    func show(_ key: String, kind: ReminderKind, id: UInt32, minutes: Double, body: String = "body") throws -> Int64 {
        let at = now.addingTimeInterval(minutes * 60)
        let claimed = try #require(try store.claim(Occurrence(kind: kind, key: key, dueAt: at, title: key)))
        try store.markShown(
            claimed.id, notificationID: id,
            content: NotificationContent(title: key, body: body, actions: [], category: "x"), at: at, clock: clock)
        return claimed.id
    }

    @Test func onlyTheShowingANotificationHasNowIsLost() throws {
        let states = try ["dose2:S:open", "dose2:S:warning:15", "dose2:S:warning:5", "dose2:S:alarm:0"].enumerated()
            .map { try show($0.element, kind: .dose2, id: 4, minutes: Double($0.offset * 5)) }
        // A summary: several occurrences shown together under one id, in one instant, all on screen.
        let summary = try ["symptom:2026-11-21", "journal:x"].map {
            try show($0, kind: .symptom, id: 5, minutes: 16, body: LateSummary.recordedBody)
        }
        let gone = try store.recordLostWithServer(
            shownSince: now.addingTimeInterval(-86_400), at: now.addingTimeInterval(30 * 60), nowsSecondIsOld: true,
            showingAgain: [])
        #expect(gone.lost == 3, "\(gone)")
        let lost = try (states + summary).map { try #require(try store.delivery(id: $0)).lostAt != nil }
        #expect(lost == [false, false, false, true, true, true])
    }
}
