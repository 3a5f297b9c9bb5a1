import Foundation
import NudgeTestSupport
import Testing

/// What a restarted notification server lost, on the real binary with python-dbusmock's server
/// stopped and started again (issue 41, hostile round after F12): each open reminder is shown
/// again at every restart and history says so at once.
@Suite(.ownThread, .hangBound(minutes: 3), .daemonOnBus)
struct ServerRestartEndToEndTests: DaemonScenario {
    var environment: [String: String] {
        [
            "TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address,
            "COLUMNS": "250",
        ]
    }

    /// Stops the server, waits until the daemon heard it go (the `count`th time), and starts it
    /// again.
    func restartServer(_ daemon: Spawned, count: Int) throws {
        bus.stopServer()
        let heard = waitForStore {
            daemon.stderr.components(separatedBy: "no notification server on the bus").count - 1 >= count
        }
        #expect(heard, "\(daemon.stderr)")
        try bus.startServer()
    }

    /// The history line of the delivery titled `title`.
    func historyLine(_ title: String) throws -> String {
        let history = try nudge("history", at: "2026-11-26T20:30:00-05:00").stdout
        return history.split(separator: "\n").first { $0.contains(title) }.map(String.init) ?? history
    }

    /// Before, the re-show fell in the second the loss was recorded: history said "not shown
    /// again", and the next restart neither counted nor showed it.
    @Test func aReminderOpenAcrossTwoRestartsIsShownAgainEachTimeAndHistorySaysSo() throws {
        let daemon = try startDaemon(at: "2026-11-26T20:00:00-05:00")
        let first = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(first.summary == "Daily symptom check")
        #expect(daemon.waitForEvents("shown", count: 1), "\(daemon.stderr)")
        for restart in 1...2 {
            try restartServer(daemon, count: restart)
            let again = bus.waitForNotify(count: 1)
            #expect(again.map(\.summary) == ["Daily symptom check"], "restart \(restart): \(daemon.stderr)")
            #expect(daemon.waitForEvents("shown", count: 1 + restart), "\(daemon.stderr)")
            let line = try historyLine("Daily symptom check")
            #expect(
                line.contains("shown, then lost when the notification server restarted at 20:0")
                    && line.contains("; shown again at 20:0") && line.contains(", no answer"),
                "restart \(restart): \(line)")
        }
        let gone = "gone with the notification server that showed them: 1, 1 shown again"
        #expect(daemon.stderr.components(separatedBy: gone).count - 1 == 2, "\(daemon.stderr)")
        // A restart is no expiry: the three showings after one expiring unseen are all left.
        #expect(try delivery("symptom:2026-11-26")?["reshown"] == "0")
    }
}
