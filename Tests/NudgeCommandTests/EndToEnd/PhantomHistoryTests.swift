import Foundation
import NudgeTestSupport
import Testing

/// No phantom history: nothing missed before the store existed, no row left pending forever,
/// and `upcoming` lists only what will still be shown.
@Suite(.ownThread, .daemonOnBus)
struct PhantomHistoryTests: DaemonScenario {
    var environment: [String: String] {
        [
            "TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address,
            "NUDGE_FAKE_NOW": "2026-11-21T19:10:00-05:00",
        ]
    }

    func nudge(_ arguments: String...) throws -> CommandResult {
        try NudgeBinary.run(arguments, environment: environment)
    }

    /// Today it recorded yesterday's symptom check "missed" on a store made a minute ago.
    @Test func aBrandNewStoreRecordsNothingMissedBeforeItExisted() throws {
        let daemon = try startDaemon(at: "2026-11-21T12:00:00-05:00")
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 10) == 0)
        #expect(try rows("SELECT reminder_key FROM reminder_deliveries").isEmpty)
        #expect(!daemon.stderr.contains("missed"))
        #expect(try nudge("history", "--since", "2026-11-19").stdout.hasPrefix("Nothing was due or shown"))
    }

    /// A snooze with no dose notification on screen queues nothing: no "pending" row with a raw
    /// key for a title.
    @Test func aSnoozeFromTheTerminalLeavesNoPendingRow() throws {
        #expect(try nudge("dose", "1", "--at", "16:20").status == 0)
        #expect(try nudge("dose", "snooze").status == 0)
        #expect(try rows("SELECT reminder_key FROM reminder_deliveries").isEmpty)
        #expect(!(try nudge("history").stdout.contains("pending")))
    }

    /// Dose 1 at 15:50: at 19:10 the window opened 50 minutes ago and the alarm rang 35 minutes
    /// ago. The daemon would show one notification, the present state: so does `upcoming`.
    @Test func upcomingListsOnlyWhatWillStillBeShown() throws {
        #expect(try nudge("dose", "1", "--at", "15:50").status == 0)
        let listed = try #require(
            try JSONSerialization.jsonObject(with: Data(try nudge("upcoming", "--json", "--limit", "20").stdout.utf8))
                as? [[String: Any]])
        let now = "2026-11-22T00:10:00Z"
        let late = listed.filter { ($0["kind"] as? String) == "dose2" && ($0["due_at"] as? String ?? "") <= now }
        #expect(late.count == 1, "\(late)")
        #expect((late.first?["reminder_key"] as? String)?.hasSuffix(":follow_up:0:6") == true, "\(late)")
        let daemon = try startDaemon(at: "2026-11-21T19:10:00-05:00")
        let shown = bus.waitForNotify(count: 1)
        #expect(shown.count == 1 && shown.first?.summary == "Dose 2 is due", "\(daemon.stderr)")
    }
}
