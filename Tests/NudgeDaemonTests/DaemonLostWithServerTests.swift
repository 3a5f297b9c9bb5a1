import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// A notification server that went away and came back took what it showed with it: the
/// daemon records when, so that history says so (issue 42, hostile round: such notifications
/// stayed `shown, no answer`), and shows again what waited for an answer (before, a symptom
/// check on screen when dunst restarted was silently gone).
extension DaemonTests {
    @Test(.hangBound(minutes: 2)) func whatARestartedServerTookIsRecordedLostAndShownAgain() throws {
        let notifier = FakeNotifier()
        let log = RecordedLog()
        let restarted = Timestamp.parse("2026-11-21T20:05:00Z")!
        try withDaemon(
            clock: DaemonClock(startingAt: Timestamp.parse("2026-11-21T20:00:00Z")!), notifier: notifier, log: log,
            kinds: [.symptom]
        ) { _, clock in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
            // Recorded shown (after the server's answer) before the clock moves on.
            let shown = FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                (try? Store(path: store).delivery(key: "symptom:2026-11-21"))??.shownAt != nil
            }
            try #require(shown)
            clock.set(to: restarted)
            notifier.onEvent?(.serverVanished)
            notifier.onEvent?(.serverAppeared(owner: nil))
            #expect(
                log.waitFor("gone with the notification server that showed them: 1, 1 shown again", count: 1),
                "\(log.all)")
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "not shown again")
            #expect(notifier.shown.withLock { $0.map(\.title) } == ["Daily symptom check", "Daily symptom check"])
            #expect(
                FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                    (try? Store(path: store).delivery(key: "symptom:2026-11-21"))??.reshowAt == nil
                })
            // Shown again in the second it was lost: the next restart loses it again, and shows it
            // again (hostile round after F12: it counted none, and showed nothing).
            clock.set(to: restarted.addingTimeInterval(60))
            notifier.onEvent?(.serverVanished)
            notifier.onEvent?(.serverAppeared(owner: nil))
            #expect(
                log.waitFor("gone with the notification server that showed them: 1, 1 shown again", count: 2),
                "\(log.all)")
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "not shown again at the second restart")
        }
        let record = try #require(try Store(path: store).delivery(key: "symptom:2026-11-21"))
        let lost = try #require(record.lostAt, "not recorded lost")
        #expect(lost >= restarted.addingTimeInterval(60) && lost < restarted.addingTimeInterval(120))
        #expect(record.shownAt.map { $0 >= lost } == true, "shown again after it was lost: \(record)")
        // A restart is no expiry: it leaves the showings after expiring unseen (`ExpiredReshow.limit`) as they were.
        #expect(record.reshown == 0, "\(record)")
    }

    /// A notification id is the server's that gave it, whatever the clock says (hostile round
    /// on issue 41, High 1): shown at 20:00, the clock set back an hour (an NTP correction), the
    /// server restarted. Before, the showing "after" the restart was neither recorded lost nor
    /// shown again, and a lock reworded its old id in place, over the notification the new
    /// server had given that id to.
    @Test(.hangBound(minutes: 2)) func anIdOfTheServerBeforeIsNotRewordedWithTheClockSetBack() throws {
        let logind = try LogindBus()
        try logind.addSession("c7")
        let notifier = FakeNotifier(playsSounds: true)
        let log = RecordedLog()
        let shownAt = Timestamp.parse("2026-11-21T20:00:00Z")!
        try withDaemon(
            clock: DaemonClock(startingAt: shownAt), notifier: notifier, log: log, serverRetry: 1, kinds: [.symptom],
            logind: (logind.address, "c7")
        ) { _, clock in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
            let shown = FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                (try? Store(path: store).delivery(key: "symptom:2026-11-21"))??.shownAt != nil
            }
            try #require(shown)
            clock.set(to: shownAt.addingTimeInterval(-3600))
            // The new server takes nothing yet: the old id stays in the store while the screen locks.
            notifier.failing.withLock { $0 = true }
            notifier.onEvent?(.serverVanished)
            notifier.onEvent?(.serverAppeared(owner: nil))
            #expect(
                log.waitFor("gone with the notification server that showed them: 1, 1 shown again"), "\(log.all)")
            try logind.setLocked(true, session: "c7")
            #expect(log.waitFor("the screen is locked"), "\(log.all)")
            // Unlocked after the lock was handled, rewording included (the loop takes one at a time).
            try logind.setLocked(false, session: "c7")
            #expect(log.waitFor("the screen is unlocked"), "\(log.all)")
            #expect(!log.all.contains { $0.contains("reword") }, "\(log.all)")
            notifier.failing.withLock { $0 = false }
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "not shown again")
        }
        // Shown again as a new notification, never in place over the old server's id.
        #expect(notifier.replaced.withLock { $0 } == [nil, nil], "\(notifier.replaced.withLock { $0 })")
    }

    /// A store removed under the daemon closes what it shows, but only under ids the server
    /// now on the bus gave: "Session complete" (no answer awaited: lost, never shown again),
    /// shown at 20:00 before the clock was set back an hour and the server restarted, keeps an
    /// id the new server may have given another program.
    @Test(.hangBound(minutes: 2)) func aRemovedStoreClosesNoIdOfTheServerBeforeWithTheClockSetBack() throws {
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-21T19:40:00Z"))
        try sessionWithAmbience(clock, ambient: "none")
        let notifier = FakeNotifier()
        let log = RecordedLog()
        let end = Timestamp.parse("2026-11-21T20:00:00Z")!
        try withDaemon(clock: clock, notifier: notifier, log: log, kinds: [.meditation, .symptom]) { daemon, clock in
            clock.set(to: end)
            daemon.clockWasSet()
            for _ in 0..<2 { #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)") }
            let recorded = FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                (try? Store(path: store).onScreen(shownAfter: .distantPast).count) == 2
            }
            try #require(recorded, "\(log.all)")
            clock.set(to: end.addingTimeInterval(-3600))
            notifier.onEvent?(.serverVanished)
            notifier.onEvent?(.serverAppeared(owner: nil))
            #expect(
                log.waitFor("gone with the notification server that showed them: 2, 1 shown again"), "\(log.all)")
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success, "\(log.all)")
            #expect(log.waitFor("shown symptom:"), "\(log.all)")
            try FileManager.default.removeItem(atPath: store)
            #expect(notifier.closing.wait(timeout: .now() + 10) == .success, "\(log.all)")
        }
        let titles = notifier.shown.withLock { $0.map(\.title) }
        let again = try #require(titles.lastIndex(of: "Daily symptom check"), "\(titles)")
        // The symptom check shown again by the new server is closed; the old server's id is not.
        #expect(notifier.closed.withLock { $0 } == [UInt32(again + 1)], "\(titles)")
    }
}
