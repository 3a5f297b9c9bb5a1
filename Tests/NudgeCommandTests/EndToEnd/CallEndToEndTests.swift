import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// Call reminders end to end: the real daemon on a private bus, with the injected clock.
@Suite(.ownThread, .daemonOnBus)
struct CallEndToEndTests: DaemonScenario {
    init() throws {
        _ = try NudgeBinary.run(["settings", "set", "symptom.reminder_enabled", "false"], environment: environment)
    }

    @Test func calledFromTheNotificationWritesTheCallLogOnce() throws {
        try nudge("contacts", "add", "Alex", "--every", "14", at: "2026-10-01T12:00:00-04:00")
        try nudge(
            "call", "log", "Alex", "--at", "2026-11-07T15:00:00-05:00", "--mood", "happy",
            at: "2026-11-07T16:00:00-05:00")
        let daemon = try startDaemon(at: "2026-11-21T08:59:57-05:00")

        let call = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(call.summary == "Call Alex")
        #expect(call.body == "Last call 14 days ago; you wanted every 14 days.")
        #expect(call.actions == ["called", "Called", "tomorrow", "Remind me tomorrow", "dismiss", "Skip this time"])
        #expect(
            waitForStore {
                (try? rows("SELECT shown_at FROM reminder_deliveries WHERE reminder_key = 'call:1:cadence:2026-11-21'"))?
                    .first?["shown_at"] != "NULL"
            })
        #expect(
            daemon.waitForEvent("rescheduled", ["next_due": "2026-12-05T14:00:00Z"]),
            "shown restarts the cadence: \(daemon.stderr)")

        try bus.invokeAction("called", on: 1)
        #expect(
            waitForStore {
                (try? rows("SELECT action FROM reminder_deliveries WHERE reminder_key = 'call:1:cadence:2026-11-21'"))?
                    .first?["action"] == "called"
            })
        let logs = try rows("SELECT * FROM call_logs ORDER BY called_at")
        #expect(logs.count == 2)
        let log = try #require(logs.last)
        let answered = try #require(
            try rows("SELECT acknowledged_at FROM reminder_deliveries WHERE reminder_key = 'call:1:cadence:2026-11-21'")
                .first)
        #expect(
            log["called_at"] == answered["acknowledged_at"] && log["called_at"]?.hasPrefix("2026-11-21T14:00:") == true)
        #expect(
            log["contact_id"] == "1" && log["server_id"] == "0" && log["sync_status"] == "pending"
                && log["duration_minutes"] == "0")
        #expect(
            log["emotional_state"] == "NULL" && log["notes"] == "NULL" && log["is_marked_deleted"] == "0"
                && log["id"]?.count == 36)
        #expect(
            log["sync_error"] == "NULL" && log["last_sync_attempt"] == "NULL" && log["created_at"] == log["called_at"])

        try bus.invokeAction("called", on: 1)
        #expect(daemon.waitForLog("already answered call:1:cadence:2026-11-21"), "\(daemon.stderr)")
        #expect(try rows("SELECT id FROM call_logs").count == 2)

        daemon.signal(SIGKILL)
        _ = daemon.waitForExit(timeout: 10)
        let restarted = try startDaemon(at: "2026-11-21T09:00:30-05:00", log: "restarted.err")
        #expect(
            restarted.waitForEvent("rescheduled", ["reason": "start", "next_due": "2026-12-05T14:00:00Z"]),
            "\(restarted.stderr)")
        #expect(bus.notifyCalls().count == 1)
    }

    @Test func aCallLoggedByAnotherProcessMovesTheNextDue() throws {
        try nudge("contacts", "add", "Alex", "--every", "14", at: "2026-11-07T10:00:00-05:00")
        let daemon = try startDaemon(at: "2026-11-21T08:00:00-05:00")
        #expect(
            daemon.waitForEvent("rescheduled", ["reason": "start", "next_due": "2026-11-21T14:00:00Z"]),
            "\(daemon.stderr)")
        try nudge("call", "log", "alex", at: "2026-11-21T08:00:05-05:00")
        #expect(
            daemon.waitForPlan(nextDue: "2026-12-05T14:00:00Z"),
            "\(daemon.stderr)")
        #expect(bus.notifyCalls().isEmpty)
    }

    @Test func anEditedOrDeletedCallMovesTheNextDueOnARunningDaemon() throws {
        try nudge("contacts", "add", "Alex", "--every", "14", at: "2026-11-01T10:00:00-05:00")
        try nudge("call", "log", "Alex", "--at", "2026-11-10T18:00", at: "2026-11-20T08:00:00-05:00")
        let id = try #require(try rows("SELECT id FROM call_logs").first?["id"])
        let daemon = try startDaemon(at: "2026-11-21T08:00:00-05:00")
        #expect(
            daemon.waitForEvent("rescheduled", ["reason": "start", "next_due": "2026-11-24T14:00:00Z"]),
            "\(daemon.stderr)")
        try nudge("call", "edit", String(id.prefix(6)), "--at", "2026-11-14T18:00", at: "2026-11-21T08:00:01-05:00")
        #expect(
            daemon.waitForPlan(nextDue: "2026-11-28T14:00:00Z"),
            "\(daemon.stderr)")
        try nudge("call", "delete", String(id.prefix(6)), "--yes", at: "2026-11-21T08:00:02-05:00")
        // From the contact's creation now: due on the 15th, so shown at once.
        #expect(
            daemon.waitForEvent("shown", ["key": "call:1:cadence:2026-11-15", "notification": "1"]), "\(daemon.stderr)")
        #expect(bus.waitForNotify(count: 1).first?.body == "No call logged yet; you wanted every 14 days.")
        #expect(
            try rows("SELECT is_marked_deleted, sync_status FROM call_logs") == [
                ["is_marked_deleted": "1", "sync_status": "pending"]
            ])
    }

    /// Alex owes a one-off and a cadence call at 09:00: one person in the summary, named once
    /// (issue 40, sixth round); each delivery keeps its own title for history and ack.
    @Test func moreThanThreeDueAtOnceMakeOneSummary() throws {
        for name in ["Alex", "Sam", "Kim & Lee", "Ana", "Bo"] {
            try nudge("contacts", "add", name, "--every", "7", at: "2026-11-14T10:00:00-05:00")
        }
        try nudge("call", "remind", "Alex", "--at", "9:00", at: "2026-11-20T10:00:00-05:00")
        let daemon = try startDaemon(at: "2026-11-21T08:59:57-05:00")
        let call = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(call.summary == "5 people to call")
        #expect(call.body.hasPrefix("Alex, Ana, Bo, Kim &amp; Lee and Sam. Answer each from the command line"))
        #expect(call.actions.isEmpty)
        let titles = { try? rows("SELECT title FROM reminder_deliveries WHERE notification_id = 1 ORDER BY title") }
        #expect(waitForStore { titles()?.count == 6 })
        let names = ["Alex", "Alex", "Ana", "Bo", "Kim & Lee", "Sam"]
        #expect(titles() == names.map { ["title": "Call \($0)"] }, "\(titles() ?? [])")
        let history = try nudge("history", at: "2026-11-21T09:00:30-05:00").stdout
        #expect(
            history.contains("Call Bo") && history.contains("shown in a summary (5 people to call), no answer"),
            "\(history)")
        #expect(daemon.waitForEvent("rescheduled", ["next_due": "2026-11-28T14:00:00Z"]), "\(daemon.stderr)")
        #expect(bus.notifyCalls().count == 1)
    }
}
