import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// No reminder expires unseen (issue 38): what waits for an answer is sent never to expire, and
/// one a server lets expire anyway comes back after `notify.reshow_minutes`, three times at most,
/// from the store, whatever daemon runs then; then it is missed. On python-dbusmock here, on
/// real dunst in `DunstExpiryTests`.
@Suite(.ownThread, .daemonOnBus)
struct ExpiredReshowEndToEndTests: DaemonScenario {
    static let key = "call:1:cadence:2026-11-21"

    init() throws {
        _ = try NudgeBinary.run(["settings", "set", "symptom.reminder_enabled", "false"], environment: environment)
    }

    @Test func aCallReminderThatExpiresUnseenComesBackThreeTimesThenIsMissed() throws {
        try nudge("contacts", "add", "Alex", "--every", "14", at: "2026-11-07T10:00:00-05:00")
        // A day later each time: a showing again that wrote what the first showing writes would
        // restart the cadence on that day.
        try nudge("settings", "set", "notify.reshow_minutes", "1440")
        var daemon = try startDaemon(at: "2026-11-21T08:59:57-05:00")
        let first = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(first.summary == "Call Alex" && first.expireTimeout == 0, "\(first)")
        #expect(daemon.waitForEvent("rescheduled", ["next_due": "2026-12-05T14:00:00Z"]), "\(daemon.stderr)")
        let cadence = try rows("SELECT * FROM call_cadence")
        for showing in 1...3 {
            try bus.close(UInt32(showing), reason: 1)
            #expect(daemon.waitForEvent("expired", ["notification": "\(showing)"]), "\(daemon.stderr)")
            let reshowAt = try #require(try delivery(Self.key)?["reshow_at"])
            let due = try #require(Timestamp.parse(reshowAt), "\(reshowAt)")
            #expect(
                daemon.waitForEvent("rescheduled", ["reason": "expired", "next_due": reshowAt]), "\(daemon.stderr)")
            // The store is the truth: a daemon started in between shows it once, when it is due.
            daemon.signal(SIGTERM)
            #expect(daemon.waitForExit(timeout: 10) == 0)
            daemon = try startDaemon(at: Timestamp.format(due.addingTimeInterval(-2)), log: "daemon-\(showing).err")
            #expect(
                daemon.waitForEvent("shown", ["key": Self.key, "notification": "\(showing + 1)"]), "\(daemon.stderr)")
            let shown = bus.waitForNotify(count: showing + 1)
            #expect(shown.count == showing + 1 && shown.last?.summary == "Call Alex" && shown.last?.expireTimeout == 0)
            #expect(daemon.waitForEvent("rescheduled", ["next_due": "2026-12-05T14:00:00Z"]), "\(daemon.stderr)")
            #expect(try rows("SELECT * FROM call_cadence") == cadence, "a showing again moves no cadence")
            #expect(try delivery(Self.key)?["reshown"] == "\(showing)")
        }
        try bus.close(4, reason: 1)
        #expect(waitForStore { (try? delivery(Self.key))??["missed_at"] != "NULL" }, "\(daemon.stderr)")
        let history = try nudge("history", "--since", "2026-11-21T00:00", at: "2026-11-25T12:00:00-05:00")
        #expect(history.stdout.contains("missed (expired unseen, shown 4 times)"), "\(history)")
        // A count another program wrote past the limit says no more than the limit allows.
        #expect(
            try Subprocess.run(
                "/usr/bin/sqlite3", [store, "UPDATE reminder_deliveries SET reshown = 9223372036854775807"]
            )
            .status == 0)
        let absurd = try nudge("history", "--since", "2026-11-21T00:00", at: "2026-11-25T12:00:00-05:00")
        #expect(absurd.stdout.contains("missed (expired unseen, shown 4 times)"), "\(absurd)")
        // Missed is settled: a restarted daemon shows nothing more.
        daemon.signal(SIGTERM)
        _ = daemon.waitForExit(timeout: 10)
        daemon = try startDaemon(at: "2026-11-25T12:00:00-05:00", log: "after.err")
        #expect(
            daemon.waitForEvent("rescheduled", ["reason": "start", "next_due": "2026-12-05T14:00:00Z"]),
            "\(daemon.stderr)")
        #expect(bus.notifyCalls().count == 4)
    }

    /// Dismissed is the person's doing: it stays closed.
    @Test func aDismissedReminderDoesNotComeBack() throws {
        try nudge("contacts", "add", "Alex", "--every", "14", at: "2026-11-07T10:00:00-05:00")
        let daemon = try startDaemon(at: "2026-11-21T08:59:57-05:00")
        _ = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        try bus.close(1, reason: 2)
        #expect(waitForStore { (try? delivery(Self.key))??["closed_reason"] == "dismissed" })
        #expect(try delivery(Self.key)?["reshow_at"] == "NULL")
        #expect(!daemon.stderr.contains("expired unanswered"))
    }

    @Test func theReshowDelayIsASettingFrom1To1440Minutes() throws {
        #expect(try nudge("settings", "get", "notify.reshow_minutes").stdout == "30\n")
        let refused = try attempt("settings", "set", "notify.reshow_minutes", "0")
        #expect(refused.status == 64 && refused.stderr.split(separator: "\n").count == 1, "\(refused)")
        #expect(refused.stderr.contains("notify.reshow_minutes") && refused.stderr.contains("1 to 1440"), "\(refused)")
        #expect(try nudge("settings", "get", "notify.reshow_minutes").stdout == "30\n")
        try nudge("settings", "set", "notify.reshow_minutes", "1440")
        #expect(try nudge("settings").stdout.contains("notify.reshow_minutes"))
    }
}
