import Foundation
import NudgeCore
import NudgeStore
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// No reminder expires unseen (issue 38), in process: the server's NotificationClosed with
/// reason 1 reaches the daemon as `.closed(expired)`; the store owes it again, and the daemon
/// that runs at the reshow instant shows it once.
@Suite(.serialized, .ownThread)
struct DaemonExpiryTests {
    let scenario = DaemonTests()
    var store: String { scenario.store }
    static let key = "symptom:2026-11-21"

    func delivery() -> DeliveryRecord? { (try? Store(path: store).delivery(key: Self.key)) ?? nil }

    @Test func anExpiredCheckIsShownOnceMoreByTheDaemonRunningThen() throws {
        let notifier = DaemonTests.FakeNotifier()
        try scenario.withDaemon(at: "2026-11-21T20:00:00Z", notifier: notifier, kinds: [.symptom]) { _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
            #expect(
                FileEvents.waitUntil(watching: [scenario.directory.path], timeout: 10) { delivery()?.shownAt != nil })
            notifier.onEvent?(.closed(notificationID: 1, reason: .expired))
            #expect(
                FileEvents.waitUntil(watching: [scenario.directory.path], timeout: 10) { delivery()?.isOwed == true })
        }
        let owed = try #require(delivery())
        let reshowAt = try #require(owed.reshowAt)
        #expect(owed.closedReason == .expired && reshowAt.timeIntervalSince(owed.closedAt ?? .distantPast) == 1800)
        // Restarted daemons: one before the instant shows nothing, the ones after show it once.
        try scenario.withDaemon(
            at: Timestamp.format(reshowAt.addingTimeInterval(-600)), notifier: notifier, kinds: [.symptom]
        ) { _ in }
        #expect(notifier.shown.withLock { $0.count } == 1)
        for _ in 0..<3 {
            try scenario.withDaemon(
                at: Timestamp.format(reshowAt.addingTimeInterval(5)), notifier: notifier, kinds: [.symptom]
            ) { _ in }
        }
        #expect(notifier.shown.withLock { $0.map(\.title) } == ["Daily symptom check", "Daily symptom check"])
        let shown = try #require(delivery())
        #expect(shown.reshown == 1 && shown.reshowAt == nil && shown.closedAt == nil && shown.notificationID == 2)
    }

    /// A notification the daemon closed (answered from a terminal) is closed by that call,
    /// whatever reason the server gives: dbusmock says "expired", and owed again it came back
    /// for an answered dose, arming the wake alarm in the night for it.
    @Test func aNotificationTheDaemonClosedIsNotOwedAgainWhateverTheServerSays() throws {
        let notifier = DaemonTests.FakeNotifier()
        let clock = WallClock(zone: .system("Europe/London"))
        try scenario.withDaemon(at: "2026-11-21T20:00:00Z", notifier: notifier) { _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
            #expect(
                FileEvents.waitUntil(watching: [scenario.directory.path], timeout: 10) { delivery()?.shownAt != nil })
            let id = try #require(delivery()?.id)
            let answered = try Store(path: store).answer(
                id, action: "done", at: Timestamp.parse("2026-11-21T20:01:00Z")!, clock: clock)
            guard case .recorded = answered else {
                Issue.record("not recorded: \(answered)")
                return
            }
            #expect(notifier.closing.wait(timeout: .now() + 10) == .success)
            #expect(notifier.closed.withLock { $0 } == [1])
            notifier.onEvent?(.closed(notificationID: 1, reason: .expired))
            #expect(
                FileEvents.waitUntil(watching: [scenario.directory.path], timeout: 10) {
                    delivery()?.closedAt != nil
                })
        }
        let closed = try #require(delivery())
        #expect(closed.closedReason == .closed && closed.reshowAt == nil && !closed.isOwed, "\(closed)")
    }
}
