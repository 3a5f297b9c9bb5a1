import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// A notification server without buttons (no `actions` capability, no body markup): the body
/// says how to answer, and `nudge ack` answers exactly as the button would.
@Suite(.ownThread, .daemonOnBus(capabilities: "body"))
struct AnswerFromTerminalTests: DaemonScenario {
    var environment: [String: String] {
        [
            "TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address,
            "NUDGE_FAKE_NOW": "2026-11-21T19:59:58-05:00",
        ]
    }

    @Test func theBodySaysHowAndAckAnswers() throws {
        // A store from two days before: the 20th's check, missed, is in its history.
        try StoreQuery.create(store, now: Timestamp.parse("2026-11-19T12:00:00-05:00")!)
        try nudge("log", "symptom", "Itch & <rash>", "--severity", "2")
        let daemon = try startDaemon()
        let call = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(waitForStore { (try? delivery("symptom:2026-11-21"))??["shown_at"] != "NULL" })
        let id = try #require(try delivery("symptom:2026-11-21")?["id"])
        #expect(call.actions.isEmpty)
        // No body-markup either: typed text goes in as typed.
        #expect(
            call.body
                == "1 logged today: Itch & <rash> (2). Anything else?\nAnswer in a terminal: nudge ack \(id) done (Nothing else today), nudge ack \(id) snooze (Remind me in 1 hour)"
        )

        let refused = try attempt("ack", id, "launch")
        #expect(
            refused.status == 64
                && refused.stderr
                    == "nudge: 'launch' is not an answer to Daily symptom check (delivery \(id)); give Nothing else today (done) or Remind me in 1 hour (snooze)\n",
            "\(refused)")
        let unknown = try attempt("ack", "99", "done")
        #expect(unknown.status == 64 && unknown.stderr.contains("there is no delivery 99"))
        let missed = try #require(try delivery("symptom:2026-11-20")?["id"])
        let notShown = try attempt("ack", missed, "done")
        #expect(
            notShown.status == 64 && notShown.stderr.contains("(Daily symptom check) was missed (never shown)")
                && !notShown.stderr.contains("symptom:"),
            "\(notShown)")
        // The button's label, as read in the body, answers as its id would, in the same words.
        let acked = try nudge("ack", id, "remind me in 1 HOUR")
        #expect(acked.status == 0 && acked.stdout == "answered Daily symptom check: Remind me in 1 hour\n", "\(acked)")
        // Answered from the terminal, it leaves the screen as if clicked.
        #expect(bus.waitForClose(1), "\(daemon.stderr)")
        let again = try nudge("ack", id, "snooze")
        #expect(again.status == 0 && again.stdout == "delivery \(id) was already answered; nothing changed\n")

        let history = try #require(
            try JSONSerialization.jsonObject(with: Data(try nudge("history", "--json").stdout.utf8)) as? [[String: Any]]
        )
        let first = try #require(history.first { ($0["reminder_key"] as? String) == "symptom:2026-11-21" })
        #expect(first["action"] as? String == "snooze" && first["notification_id"] as? Int == 1)
        #expect(first["body"] as? String == call.body)
        #expect(try nudge("history").stdout.contains("answered 19:59: snooze"))
        let upcoming = try #require(
            try JSONSerialization.jsonObject(with: Data(try nudge("upcoming", "--json", "--limit", "1").stdout.utf8))
                as? [[String: Any]])
        #expect(
            upcoming.first?["reminder_key"] as? String == "symptom:2026-11-21:snooze:1"
                && upcoming.first?["delivery_id"] is Int)
        #expect(
            daemon.waitForPlan(nextDue: "2026-11-22T02:00:00"),
            "the daemon follows the terminal's answer: \(daemon.stderr)")
    }

    /// After a server restart its ids start at 1 again: an answer from the terminal to what the
    /// old server showed closes none of its ids on the new one (there they may be another
    /// program's), only the new server's showing again of the reminder answered.
    @Test func anAnswerAfterTheServerRestartedClosesOnlyItsShowingAgainOnTheNewServer() throws {
        try nudge("log", "symptom", "Itch", "--severity", "2")
        let daemon = try startDaemon()
        _ = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(waitForStore { (try? delivery("symptom:2026-11-21"))??["shown_at"] != "NULL" })
        let id = try #require(try delivery("symptom:2026-11-21")?["id"])
        // The mock's ids restart at 1 with it; give the old one a different id to tell them apart.
        _ = try Subprocess.run(
            "/usr/bin/sqlite3",
            [store, "PRAGMA busy_timeout = 5000; UPDATE reminder_deliveries SET notification_id = 7 WHERE id = \(id)"])
        bus.stopServer()
        try bus.startServer(capabilities: "body")
        // Lost with the old server, unanswered: shown again on the new one, as its notification 1.
        #expect(bus.waitForNotify(count: 1).map(\.summary) == ["Daily symptom check"], "\(daemon.stderr)")
        #expect(waitForStore { (try? delivery("symptom:2026-11-21"))??["notification_id"] == "1" })
        let plansBeforeTheAnswer = daemon.plansSoFar
        try nudge("ack", id, "done")
        #expect(daemon.waitForPlan(after: plansBeforeTheAnswer), "\(daemon.stderr)")
        #expect(bus.waitForClose(1), "\(bus.closeCalls()) \(daemon.stderr)")
        #expect(bus.closeCalls() == [1], "\(bus.closeCalls()) \(daemon.stderr)")
    }
}
