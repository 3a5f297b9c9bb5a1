import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// The person's own reminders end to end: the real daemon on a private bus with the injected
/// clock. "Water the plants" every 3 days at 18:00 in New York (23:00Z), from 2026-11-26.
@Suite(.ownThread, .daemonOnBus)
struct OwnReminderEndToEndTests: DaemonScenario {
    let first = "reminder:1:2026-11-26:1800"

    init() throws {
        try nudge("settings", "set", "symptom.reminder_enabled", "false", at: "2026-11-26T06:00:00-05:00")
        // The private bus's desktop is in Do Not Disturb, which a reminder of one's own waits for.
        try nudge(
            "settings", "set", "reminder.during_do_not_disturb", "break-through", at: "2026-11-26T06:00:00-05:00")
        try nudge("remind", "Water the plants", "--every", "3d", "--at", "18:00", at: "2026-11-26T06:00:00-05:00")
    }

    func shownAt(_ key: String) -> Date? {
        (try? delivery(key))?["shown_at"].flatMap(Timestamp.parse)
    }

    /// Shown 11 hours late (the computer was off that evening) and Done the next morning: the
    /// next is 3 days from the day it was done (2026-11-30), not from the day it was due (29th).
    @Test func doneCountsTheNextFromWhenItWasDone() throws {
        let daemon = try startDaemon(at: "2026-11-27T05:00:00-05:00")
        let shown = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(shown.summary == "Water the plants")
        #expect(shown.body == "Every 3 days at 18:00.")
        #expect(shown.actions == ["done", "Done", "snooze", "Snooze 1 hour", "skip", "Skip"])
        #expect(waitForStore { shownAt(first) != nil })
        try bus.invokeAction("done", on: 1)
        #expect(waitForStore { (try? delivery(first))?["action"] == "done" }, "\(daemon.stderr)")
        #expect(try rows("SELECT counted_from FROM own_reminders") == [["counted_from": "2026-11-30"]])
        // The plan looks two days ahead: it wakes at the end of them (Monday's midnight) to look on.
        #expect(daemon.waitForPlan(nextDue: "2026-11-30T05:00:00Z"), "\(daemon.stderr)")
        let upcoming = try nudge("reminders", "--json", at: "2026-11-27T06:00:00-05:00")
        #expect(upcoming.stdout.contains("\"next_at\" : \"2026-11-30T23:00:00Z\""), "\(upcoming)")
        #expect(bus.notifyCalls().count == 1)
    }

    /// Snooze 1 hour: shown again an hour after the click (at its nearest whole minute), marked
    /// snoozed. The daemon is restarted just before that instant (the store carries the snooze),
    /// so that the test does not wait an hour.
    @Test func snoozeShowsItAgainAnHourLater() throws {
        var daemon = try startDaemon(at: "2026-11-26T17:59:57-05:00")
        #expect(bus.waitForNotify(count: 1).count == 1, "\(daemon.stderr)")
        #expect(waitForStore { shownAt(first) != nil })
        try bus.invokeAction("snooze", on: 1)
        let snooze = "\(first):snooze:1"
        #expect(waitForStore { (try? delivery(snooze)) != nil }, "\(daemon.stderr)")
        let clicked = try #require(try delivery(first)?["acknowledged_at"].flatMap(Timestamp.parse))
        let due = try #require(try delivery(snooze)?["due_at"].flatMap(Timestamp.parse))
        // An hour from the click at its nearest whole minute: what upcoming and the feed say.
        #expect(abs(due.timeIntervalSince(clicked) - 3600) <= 30 && Int(due.timeIntervalSince1970) % 60 == 0)
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: 10)
        daemon = try startDaemon(at: Timestamp.format(due.addingTimeInterval(-3)), log: "daemon-2.err")
        let again = bus.waitForNotify(count: 2)
        #expect(again.count == 2, "\(daemon.stderr)")
        #expect(again.last?.summary == "Water the plants" && again.last?.body == "Every 3 days at 18:00; snoozed.")
        #expect(waitForStore { shownAt(snooze) != nil }, "\(daemon.stderr)")
    }

    /// Moved later the day it was shown (`reminders edit ID --at`): shown again at its new time.
    /// The daemon is restarted just before it, so that the test does not wait.
    @Test func movedLaterAfterItWasShownItIsShownAtTheNewTime() throws {
        var daemon = try startDaemon(at: "2026-11-26T17:59:57-05:00")
        #expect(bus.waitForNotify(count: 1).count == 1, "\(daemon.stderr)")
        #expect(waitForStore { shownAt(first) != nil })
        let mark = daemon.plansSoFar
        try nudge("reminders", "edit", "1", "--at", "18:30", at: "2026-11-26T18:00:05-05:00")
        #expect(daemon.waitForPlan(after: mark, nextDue: "2026-11-26T23:30:00Z"), "\(daemon.stderr)")
        // The one on screen asks for the old time: closed, so one Done answers the day
        // (hostile round: both stayed up, and both took Done).
        let onScreen = try #require(
            try rows("SELECT notification_id FROM reminder_deliveries WHERE reminder_key = '\(first)'").first?[
                "notification_id"
            ].flatMap { UInt32($0) })
        #expect(bus.waitForClose(onScreen), "\(daemon.stderr)")
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: 10)
        daemon = try startDaemon(at: "2026-11-26T18:29:57-05:00", log: "daemon-2.err")
        let moved = "reminder:1:2026-11-26:1830"
        #expect(waitForStore { shownAt(moved) != nil }, "\(daemon.stderr)")
        let shown = bus.waitForNotify(count: 2)
        #expect(shown.count == 2 && shown.last?.body == "Every 3 days at 18:30.", "\(daemon.stderr)")
    }

    /// Moved to a time already past that day, after it was shown: not shown twice; the next
    /// is three days on at the new time.
    @Test func movedToATimeAlreadyPastItIsNotShownTwice() throws {
        let daemon = try startDaemon(at: "2026-11-26T17:59:57-05:00")
        #expect(bus.waitForNotify(count: 1).count == 1, "\(daemon.stderr)")
        #expect(waitForStore { shownAt(first) != nil })
        let mark = daemon.plansSoFar
        try nudge("reminders", "edit", "1", "--at", "17:00", at: "2026-11-26T18:00:05-05:00")
        // The plan looks two days ahead: it wakes at their end, before the 29th at 17:00.
        #expect(daemon.waitForPlan(after: mark, nextDue: "2026-11-29T05:00:00Z"), "\(daemon.stderr)")
        #expect(bus.notifyCalls().count == 1)
        #expect(
            try rows("SELECT reminder_key FROM reminder_deliveries WHERE kind = 'reminder'") == [
                ["reminder_key": first]
            ])
    }
}
