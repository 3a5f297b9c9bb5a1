import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// A call reminder on real dunst under Xvfb (issue 38): sent never to expire, it stays on screen
/// where dunst's own timeout would drop it; where dunst is made to expire it anyway, it comes back
/// after `notify.reshow_minutes` and the call cadence stays where its first showing put it.
@Suite(.ownThread)
struct DunstExpiryTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    static let key = "call:1:cadence:2026-11-21"

    func environment(_ dunst: DunstServer) -> [String: String] {
        ["TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": dunst.address]
    }

    /// A contact due at 09:00 and a daemon started 3 s before it.
    func daemonWithACallDue(on dunst: DunstServer) throws -> Spawned {
        for arguments in [
            ["settings", "set", "symptom.reminder_enabled", "false"],
            ["contacts", "add", "Alex", "--every", "14"],
        ] {
            let result = try NudgeBinary.run(
                arguments,
                environment: environment(dunst).merging(["NUDGE_FAKE_NOW": "2026-11-07T10:00:00-05:00"]) { $1 }
            )
            #expect(result.status == 0, "\(result)")
        }
        let daemon = try Subprocess.spawn(
            NudgeBinary.path, ["daemon", "--log-level", "debug"],
            environment: NudgeBinary.environment(
                environment(dunst).merging(["NUDGE_FAKE_NOW": "2026-11-21T08:59:57-05:00"]) { $1 }),
            stderrPath: directory.file("daemon.err"))
        #expect(daemon.waitForEvent("shown", ["key": Self.key]), "\(daemon.stderr)")
        return daemon
    }

    func delivery() throws -> [String: String]? {
        try StoreQuery.rows(store, "SELECT * FROM reminder_deliveries WHERE reminder_key = '\(Self.key)'").first
    }

    /// dunst drops a notification after its urgency's timeout (10 s here, as by default) unless
    /// the client asks for none.
    @Test func aCallReminderIsStillOnScreenAfterAMinute() throws {
        let dunst = try DunstServer(rules: "[urgency_normal]\n    timeout = 10")
        let daemon = try daemonWithACallDue(on: dunst)
        #expect(try dunst.displayed() == 1)
        // Watched for a minute: no close reaches the store.
        let closed = FileEvents.waitUntil(watching: [directory.path], timeout: 60) {
            (try? delivery())??["closed_at"] != "NULL"
        }
        #expect(!closed, "closed: \((try? delivery()) ?? nil)")
        #expect(try dunst.displayed() == 1, "\(daemon.stderr)")
        daemon.signal(SIGKILL)
        _ = daemon.waitForExit(timeout: 10)
    }

    /// `override_dbus_timeout` makes dunst expire nudge's notifications after 5 s whatever it asked.
    @Test func oneDunstExpiresComesBackAndTheCadenceHasNotMoved() throws {
        let dunst = try DunstServer(rules: "[expire-nudge]\n    appname = nudge\n    override_dbus_timeout = 5")
        let reshow = try NudgeBinary.run(
            ["settings", "set", "notify.reshow_minutes", "1"], environment: environment(dunst))
        #expect(reshow.status == 0, "\(reshow)")
        let daemon = try daemonWithACallDue(on: dunst)
        #expect(daemon.waitForEvent("rescheduled", ["next_due": "2026-12-05T14:00:00Z"]), "\(daemon.stderr)")
        let cadence = try StoreQuery.rows(store, "SELECT * FROM call_cadence")
        #expect(daemon.waitForEvent("expired", timeout: 20), "\(daemon.stderr)")
        #expect(try delivery()?["closed_reason"] == "expired")
        #expect(try dunst.displayed() == 0)
        #expect(daemon.waitForEvents("shown", count: 2, timeout: 90), "\(daemon.stderr)")
        #expect(try delivery()?["reshown"] == "1")
        #expect(try dunst.displayed() == 1)
        // The plan after the second showing still sleeps until the cadence's next due day.
        let planned = FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
            let events = LogEvents.parse(daemon.stderr)
            guard let second = events.indices.filter({ events[$0]["event"] == "shown" }).dropFirst().first else {
                return false
            }
            return events[second...].contains {
                $0["event"] == "rescheduled" && $0["next_due"] == "2026-12-05T14:00:00Z"
            }
        }
        #expect(planned, "\(daemon.stderr)")
        #expect(try StoreQuery.rows(store, "SELECT * FROM call_cadence") == cadence, "the cadence has not moved")
        daemon.signal(SIGKILL)
        _ = daemon.waitForExit(timeout: 10)
    }
}
