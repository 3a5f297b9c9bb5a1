import Foundation
import NudgeTestSupport
import Testing

/// What a restarted notification server lost, on the real binary with python-dbusmock's server
/// stopped and started again (issue 41, hostile round after F12): each open reminder is shown
/// again at every restart and history says so at once; several come back as the one summary,
/// which names the diary's check but never what was written in it.
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

    /// A server restarted while no daemon ran (issue 41): before, the daemon took the old
    /// server's id for the new one's, and the symptom check was never shown again.
    @Test func aReminderOpenWhenTheServerRestartedWhileStoppedIsShownAgainOnce() throws {
        let first = try startDaemon(at: "2026-11-26T20:00:00-05:00")
        #expect(bus.waitForNotify(count: 1).map(\.summary) == ["Daily symptom check"], "\(first.stderr)")
        #expect(first.waitForEvents("shown", count: 1), "\(first.stderr)")
        first.signal(SIGTERM)
        #expect(first.waitForExit(timeout: 10) == 0, "\(first.stderr)")
        bus.stopServer()
        try bus.startServer()
        let second = try startDaemon(at: "2026-11-26T20:05:00-05:00")
        #expect(bus.waitForNotify(count: 1).map(\.summary) == ["Daily symptom check"], "\(second.stderr)")
        #expect(second.waitForEvents("shown", count: 1), "\(second.stderr)")
        #expect(second.waitForLog("gone with the notification server that showed them: 1, 1 shown again"))
        #expect(bus.notifyCalls().count == 1, "once: \(bus.notifyCalls())")
        let line = try historyLine("Daily symptom check")
        #expect(
            line.contains("shown, then lost when the notification server restarted at 20:05")
                && line.contains("; shown again at 20:05"), "\(line)")
    }

    /// Before, a restart showed the three again as three pop-ups 11 ms apart, one with the
    /// diary's entry in it.
    @Test func severalOpenOnesComeBackAsOneSummaryWithoutTheDiarysText() throws {
        let before = "2026-11-26T12:00:00-05:00"
        try nudge("log", "symptom", "Panic attack", "--severity", "4", "--at", "11:00", at: before)
        for name in ["Sam", "Kim"] {
            try nudge("contacts", "add", name, at: before)
            try nudge("call", "remind", name, "--on", "2026-11-26", "--at", "20:00", at: before)
        }
        let daemon = try startDaemon(at: "2026-11-26T20:00:00-05:00")
        #expect(daemon.waitForEvents("shown", count: 3), "\(daemon.stderr)")
        #expect(bus.notifyCalls().contains { $0.body.contains("Panic attack (4)") }, "\(bus.notifyCalls())")
        try restartServer(daemon, count: 1)
        let summary = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(summary.summary == "Still unanswered after notifications restarted", "\(summary)")
        for named in ["a call with Sam of 20:00", "a call with Kim of 20:00", "the symptom check of 20:00"] {
            #expect(summary.body.contains(named), "\(summary.body)")
        }
        #expect(daemon.waitForEvents("shown", count: 6), "\(daemon.stderr)")
        #expect(bus.notifyCalls().count == 1, "one notification: \(bus.notifyCalls())")
        #expect(!bus.notifyCalls().contains { $0.body.contains("Panic") }, "\(bus.notifyCalls())")
        for title in ["Call Sam", "Call Kim", "Daily symptom check"] {
            let line = try historyLine(title)
            #expect(line.contains("; shown in the summary of what was late at 20:0"), "\(line)")
        }
    }
}
