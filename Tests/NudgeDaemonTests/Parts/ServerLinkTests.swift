import Foundation
import Logging
import NudgeCore
import NudgeNotifier
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// The link to the notification server alone, on a notifier that records what it was asked.
struct ServerLinkTests {
    let directory = TemporaryDirectory()
    let now = Timestamp.parse("2026-11-21T20:00:00Z")!
    let notifier = DaemonTests.FakeNotifier()
    let events: EventQueue

    init() throws { events = try EventQueue() }

    func link() throws -> ServerLink {
        let notifier = notifier
        let link = try ServerLink(
            storePath: directory.file("nudge.sqlite"), makeNotifier: { _ in notifier }, retryDelay: 30,
            clock: DaemonClock(startingAt: now), events: events, logger: .quiet)
        link.connect()
        return link
    }

    /// A server that never confirms a close is asked once; a new server's ids start again.
    @Test func aNotificationIsAskedToCloseOnceUntilAServerAppearsAgain() throws {
        let link = try link()
        #expect(link.close(3))
        #expect(!link.close(3))
        #expect(link.appeared(at: now) == nil)
        #expect(!link.close(3))
        link.lost()
        #expect(link.appeared(at: now.addingTimeInterval(5)) == true)
        #expect(link.serverSince == now.addingTimeInterval(5))
        #expect(link.close(3))
    }

    /// What is on its way to the server is held back from plans, and what it replaces is not
    /// closed, until the server's answer reaches the loop.
    @Test func whatIsOnItsWayIsHeldBackUntilTheAnswer() throws {
        let link = try link()
        notifier.holding.withLock { $0 = true }
        let content = NotificationContent(title: "Symptoms", body: "", actions: [], category: "x")
        link.submit(content, replacing: 5, showing: ["symptom:2026-11-21"], ledgerFor: []) { _, _, _ in }
        #expect(link.isHeldBack("symptom:2026-11-21") && !link.close(5))
        for done in notifier.held.withLock({ $0 }) { done(.success(6)) }
        for case .shown(let request, let result, let instant, let lines) in events.drain() {
            link.finish(request, result, at: instant, lines: lines)
        }
        #expect(!link.isHeldBack("symptom:2026-11-21") && link.takeShownSincePlan() && !link.takeShownSincePlan())
        #expect(link.close(5))
    }
}
