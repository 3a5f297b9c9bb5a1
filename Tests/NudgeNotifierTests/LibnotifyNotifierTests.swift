import Foundation
import NudgeCore
import NudgeTestSupport
import Synchronization
import Testing

@testable import NudgeNotifier

/// libnotify in process, on a private bus. GLib keeps one session bus per process and libnotify
/// one proxy, so these tests share one bus and one notifier, as the daemon has, one at a time.
@Suite(.serialized, .ownThread)
struct LibnotifyNotifierTests {
    static let bus: NotificationBus = {
        let bus = try! NotificationBus()
        setenv("DBUS_SESSION_BUS_ADDRESS", bus.address, 1)
        // A static lives until the process ends and is never deinitialized.
        atexit { LibnotifyNotifierTests.bus.shutdown() }
        return bus
    }()
    static let recorder = Recorder()
    static let notifier: LibnotifyNotifier = {
        _ = bus
        let notifier = LibnotifyNotifier(onEvent: recorder.record)
        precondition(recorder.waitForServers(1).count == 1, "the notifier never saw the mock server")
        return notifier
    }()

    let bus = Self.bus
    let recorder = Self.recorder
    let notifier = Self.notifier

    init() {
        _ = Self.notifier
        Self.recorder.events.withLock { $0.removeAll() }
    }

    /// Events the notifier reported, with a way to wait for one.
    final class Recorder: Sendable {
        let events = Mutex<[NotifierEvent]>([])
        let arrived = DispatchSemaphore(value: 0)

        func record(_ event: NotifierEvent) {
            events.withLock { $0.append(event) }
            arrived.signal()
        }

        func waitFor(_ event: NotifierEvent, timeout: TimeInterval = 10) -> Bool {
            let deadline = DispatchTime.now() + timeout
            while !events.withLock({ $0.contains(event) }) {
                guard arrived.wait(timeout: deadline) == .success else { return false }
            }
            return true
        }

        /// The owners of the first `count` servers that appeared, fewer if they did not in time.
        func waitForServers(_ count: Int, timeout: TimeInterval = 10) -> [String?] {
            let deadline = DispatchTime.now() + timeout
            func owners() -> [String?] {
                events.withLock {
                    $0.compactMap { event in
                        guard case .serverAppeared(let owner) = event else { return nil }
                        return .some(owner)
                    }
                }
            }
            while owners().count < count {
                guard arrived.wait(timeout: deadline) == .success else { break }
            }
            return owners()
        }
    }

    let content = NotificationContent(
        title: "Dose 2 alarm", body: "Take dose 2 now",
        actions: [.init(key: "take", label: "Take dose 2"), .init(key: "skip", label: "Skip")],
        urgency: .critical, category: "x-nudge.dose2", resident: true)

    @Test func showsWithActionsHintsAndReplacesInPlace() throws {
        let before = bus.notifyCalls().count
        #expect(notifier.bodyText == .markup)
        let id = try notifier.show(content, replacing: nil)
        let again = try notifier.show(content, replacing: id)
        #expect(again == id)
        let calls = bus.notifyCalls().dropFirst(before)
        #expect(calls.count == 2)
        let first = try #require(calls.first)
        #expect(first.summary == "Dose 2 alarm" && first.body == "Take dose 2 now" && first.replacesID == 0)
        #expect(first.actions == ["take", "Take dose 2", "skip", "Skip"])
        for hint in [
            "\"urgency\": 2", "\"resident\": True", "\"category\": \"x-nudge.dose2\"", "\"desktop-entry\": \"nudge\"",
        ] {
            #expect(first.hints.contains(hint), "\(first.hints)")
        }
        #expect(calls.last?.replacesID == id)
    }

    /// What waits for an answer never expires, and a server that keeps notifications (the mock
    /// has `persistence`) keeps it after a click; what asks nothing takes the server's default.
    @Test func whatWaitsForAnAnswerNeverExpires() throws {
        let before = bus.notifyCalls().count
        let call = NotificationContent(
            title: "Call Alex", body: "Last call 14 days ago.", actions: [.init(key: "called", label: "Called")],
            category: "x-nudge.call")
        var summary = NotificationContent(
            title: "5 people to call", body: "Answer each from the command line", actions: [], category: "x-nudge.call")
        summary.answeredInTerminal = true
        let complete = NotificationContent(
            title: "Session complete", body: "20 minutes of meditation.", actions: [], category: "x-nudge.meditation")
        for content in [call, summary, complete] { _ = try notifier.show(content, replacing: nil) }
        let calls = Array(bus.waitForNotify(count: before + 3).dropFirst(before))
        #expect(calls.map(\.expireTimeout) == [0, 0, -1], "\(calls)")
        #expect(calls.map { $0.hints.contains("\"resident\": True") } == [true, true, false], "\(calls)")
    }

    @Test func reportsClicksAndClosesFromTheBus() throws {
        let id = try notifier.show(content, replacing: nil)
        try Self.bus.invokeAction("take", on: id)
        #expect(recorder.waitFor(.actionInvoked(notificationID: id, action: "take")))
        // A notification shown by another process (a daemon since restarted) is reported too.
        try Self.bus.invokeAction("skip", on: 4242)
        #expect(recorder.waitFor(.actionInvoked(notificationID: 4242, action: "skip")))
        notifier.close(id)
        #expect(recorder.waitFor(.closed(notificationID: id, reason: .expired)))
    }

    @Test func followsTheServerGoingAndComing() throws {
        Self.bus.stopServer()
        #expect(recorder.waitFor(.serverVanished))
        #expect(throws: NotifierError.self) { try notifier.show(content, replacing: nil) }
        try Self.bus.startServer(capabilities: "body actions")
        #expect(recorder.waitForServers(1).count == 1)
        // This server has no body-markup: typed text goes in as it is.
        #expect(notifier.bodyText == .plain)
        #expect(try notifier.show(content, replacing: nil) > 0)
        Self.bus.stopServer()
        #expect(recorder.waitFor(.serverVanished))
        try Self.bus.startServer()
        // Each server is told from the one before: the daemon knows a restart it did not see.
        let owners = recorder.waitForServers(2)
        #expect(owners.count == 2 && owners[0] != nil && owners[1] != nil && owners[0] != owners[1])
    }
}
