import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// `notify.private_when_locked` in process, with python-dbusmock's logind: a private kind's
/// notification is shown in neutral words while the session is locked, and replaced in place,
/// silently, by its own on unlock and by the neutral words again on the next lock.
extension DaemonTests {
    @Test(.hangBound(minutes: 2)) func aPrivateReminderIsNeutralWhileLockedAndWhole() throws {
        let logind = try LogindBus()
        try logind.addSession("c7")
        try logind.setLocked(true, session: "c7")
        let notifier = FakeNotifier(playsSounds: true)
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: Timestamp.parse("2026-11-21T20:00:00Z")!), notifier: notifier, log: log,
            kinds: [.symptom], logind: (logind.address, "c7")
        ) { _, _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
            try logind.setLocked(false, session: "c7")
            #expect(log.waitFor("reworded for the unlocked screen"), "\(log.all)")
            try logind.setLocked(true, session: "c7")
            #expect(log.waitFor("reworded for the locked screen"), "\(log.all)")
        }
        let shown = notifier.shown.withLock { $0 }
        let replaced = notifier.replaced.withLock { $0 }
        try #require(shown.count == 3, "\(shown)")
        let (locked, unlocked, lockedAgain) = (shown[0], shown[1], shown[2])
        #expect(locked.title == "nudge: a reminder is waiting" && locked.body.isEmpty, "\(locked)")
        #expect(unlocked.title == "Daily symptom check" && !unlocked.body.isEmpty, "\(unlocked)")
        #expect(lockedAgain.title == locked.title && lockedAgain.body.isEmpty)
        // The buttons stay, so it can be answered from the lock screen.
        #expect(locked.actions == unlocked.actions && !locked.actions.isEmpty)
        // It sounded once, when it came; each replacement is in place and silent.
        #expect(locked.soundHint == .name("message-new-instant"))
        #expect(unlocked.soundHint == .suppress && lockedAgain.soundHint == .suppress)
        // The fake hands out a new id even in place (a real server keeps it): the store follows.
        #expect(replaced == [nil, 1, 2], "\(replaced)")
        // The history keeps its own title.
        let record = try #require(try Store(path: store).delivery(key: "symptom:2026-11-21"))
        #expect(record.title == "Daily symptom check" && record.notificationID == 3)
    }

    /// A server without buttons (hostile round on issue 41): the locked screen's body listed
    /// "nudge ack 3 take (Take dose 2)", which says what the neutral title hides. While locked,
    /// only the way to answer, without the answers' words (hostile round on issue 41 after B15,
    /// Low 6: with no body, no way to answer was left); they come back with the text on unlock.
    @Test(.hangBound(minutes: 2)) func withoutButtonsALockedScreenShowsNoAnswers() throws {
        let logind = try LogindBus()
        try logind.addSession("c7")
        try logind.setLocked(true, session: "c7")
        let notifier = FakeNotifier(showsActions: false)
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: Timestamp.parse("2026-11-21T20:00:00Z")!), notifier: notifier, log: log,
            kinds: [.symptom], logind: (logind.address, "c7")
        ) { _, _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
            try logind.setLocked(false, session: "c7")
            #expect(log.waitFor("reworded for the unlocked screen"), "\(log.all)")
        }
        let shown = notifier.shown.withLock { $0 }
        try #require(shown.count == 2, "\(shown)")
        #expect(
            shown[0].title == "nudge: a reminder is waiting"
                && shown[0].body == "Answer in a terminal: nudge ack 1 ANSWER", "\(shown[0])")
        #expect(shown[1].body.contains("Answer in a terminal: nudge ack 1 "), "\(shown[1])")
    }

    @Test(.hangBound(minutes: 2)) func withTheSettingOffALockedScreenShowsTheWholeText() throws {
        let logind = try LogindBus()
        try logind.addSession("c7")
        try logind.setLocked(true, session: "c7")
        try Store(path: store).setSetting(
            .notifyPrivateWhenLocked, to: "false", at: Timestamp.parse("2026-11-21T12:00:00Z")!)
        let notifier = FakeNotifier()
        try withDaemon(
            clock: DaemonClock(startingAt: Timestamp.parse("2026-11-21T20:00:00Z")!), notifier: notifier,
            kinds: [.symptom], logind: (logind.address, "c7")
        ) { _, _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
        }
        #expect(notifier.shown.withLock { $0.first?.title } == "Daily symptom check")
    }

    /// The dose-2 alarm on a locked screen: neutral, critical, with its buttons, and it rings;
    /// the unlock puts its text back in place without stopping or restarting the ring.
    @Test(.hangBound(minutes: 2)) func theAlarmRingsOnALockedScreenAndItsTextComesBackOnUnlock() throws {
        let logind = try LogindBus()
        try logind.addSession("c7")
        try logind.setLocked(true, session: "c7")
        let start = try #require(Timestamp.parse("2026-11-22T02:45:00Z"))
        let setup = try Store(path: store, now: start.addingTimeInterval(-3 * 3600))
        _ = try setup.startDoseSession(
            at: start.addingTimeInterval(-165 * 60), newSession: true, settings: setup.settings(),
            clock: WallClock(zone: zone.resolve().rules)
        ).get()
        let notifier = FakeNotifier()
        let player = FakePlayer()
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: start), notifier: notifier, log: log, player: player, kinds: [.dose2],
            logind: (logind.address, "c7")
        ) { _, _ in
            #expect(player.waitFor("ring "), "\(log.all)")
            #expect(log.waitFor("rescheduled (start)"), "\(log.all)")
            try logind.setLocked(false, session: "c7")
            #expect(log.waitFor("reworded for the unlocked screen"), "\(log.all)")
        }
        // The ring goes on as it was: neither started again nor stopped by the unlock.
        let afterUnlock = log.all.drop { !$0.contains("the screen is unlocked") }
        #expect(!afterUnlock.isEmpty && !afterUnlock.contains { $0.contains("ringing for") }, "\(log.all)")
        let shown = notifier.shown.withLock { $0 }
        try #require(shown.count == 2, "\(shown.map(\.title))")
        #expect(shown[0].title == "nudge: a reminder is waiting" && shown[0].body.isEmpty)
        #expect(shown[0].urgency == .critical && shown[0].actions.map(\.key) == shown[1].actions.map(\.key))
        #expect(shown[1].title == "Time for dose 2")
        #expect(notifier.replaced.withLock { $0 } == [nil, 1])
        #expect(!player.calls.withLock { $0 }.contains("stop"))
    }

    /// Without XDG_SESSION_ID, the user's display session is the one followed.
    @Test(.hangBound(minutes: 2)) func withoutASessionIDTheUsersDisplaySessionIsFollowed() throws {
        let logind = try LogindBus()
        try logind.addSession("c7")
        try logind.setDisplaySession("c7")
        try logind.setLocked(true, session: "c7")
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: Timestamp.parse("2026-11-21T20:00:00Z")!), notifier: notifier, log: log,
            kinds: [.symptom], logind: (logind.address, nil)
        ) { _, _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
        }
        #expect(notifier.shown.withLock { $0.first?.title } == "nudge: a reminder is waiting", "\(log.all)")
    }
}

/// The late summary on a locked screen (issue 41, hostile round): still one summary, naming a
/// private kind's neutrally, and reworded in place, silently, to name it on unlock.
extension DaemonTests {
    @Test(.hangBound(minutes: 2)) func aLockedScreensLateSummaryNamesThePrivateOnesNeutrally() throws {
        let logind = try LogindBus()
        try logind.addSession("c7")
        try logind.setLocked(true, session: "c7")
        let start = try lateEvening()
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: start), notifier: notifier, log: log, kinds: [.symptom, .call],
            logind: (logind.address, "c7")
        ) { _, _ in
            #expect(log.waitFor("as notification 1", count: 4), "\(log.all)")
            try logind.setLocked(false, session: "c7")
            #expect(log.waitFor("reworded for the unlocked screen"), "\(log.all)")
        }
        let shown = notifier.shown.withLock { $0 }
        try #require(shown.count == 2, "one summary, then its rewording: \(shown.map(\.title))")
        let (locked, unlocked) = (shown[0], shown[1])
        #expect(locked.title == "While the computer was off" && unlocked.title == locked.title)
        #expect(
            locked.body.hasPrefix(
                "a call with Sam due since Monday, a call with Kim due since Wednesday, a private reminder of 20:00, 1 more."
            ), "\(locked.body)")
        #expect(!locked.body.contains("symptom"), "\(locked.body)")
        #expect(
            unlocked.body.hasPrefix(
                "a call with Sam due since Monday, a call with Kim due since Wednesday, the symptom check of 20:00, 1 more."
            ), "\(unlocked.body)")
        #expect(notifier.replaced.withLock { $0 } == [nil, 1] && unlocked.soundHint == .suppress)
        // The fake hands out a new id even in place (a real server keeps it): the store follows.
        let ids = try StoreQuery.rows(
            store, "SELECT DISTINCT notification_id FROM reminder_deliveries WHERE shown_at IS NOT NULL")
        #expect(ids.map { $0["notification_id"] } == ["2"], "\(ids)")
    }
}
