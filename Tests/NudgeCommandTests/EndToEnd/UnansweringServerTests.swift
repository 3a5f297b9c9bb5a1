import Foundation
import NudgeTestSupport
import Testing

/// A notification server that owns its name and answers nothing (hung, or stopped): the
/// daemon's loop goes on meanwhile, and what it was showing is shown once the server answers.
@Suite(.ownThread, .daemonOnBus)
struct UnansweringServerTests: DaemonScenario {
    /// D-Bus waits 25 s for the hung server's answer; the loop waits for none of it: a store
    /// change and SIGHUP are each planned from while the Notify call is still out.
    @Test func theLoopGoesOnWhileTheServerHoldsTheCall() throws {
        let daemon = try startDaemon(at: "2026-11-21T19:00:00-05:00")
        defer { bus.resumeServer() }
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)")
        #expect(daemon.waitForEvent("server_appeared"), "\(daemon.stderr)")
        bus.pauseServer()

        // Due at once: the daemon hands it to the server, which does not answer.
        let mark = daemon.plansSoFar
        try nudge("settings", "set", "symptom.reminder_time", "18:30", at: "2026-11-21T19:00:00-05:00")
        // Planned with today's 18:30 on its way to the server, tomorrow's next.
        #expect(
            daemon.waitForPlan(after: mark, nextDue: "2026-11-22T23:30", timeout: 15),
            "the plan waited for the server: \(daemon.stderr)")
        let owed = try delivery("symptom:2026-11-21")
        #expect(owed?["shown_at"] == "NULL", "\(owed ?? [:]) \(daemon.stderr)")
        let beforeSIGHUP = daemon.plansSoFar
        daemon.signal(SIGHUP)
        #expect(
            daemon.waitForEvent("rescheduled", ["reason": "SIGHUP"], timeout: 15),
            "SIGHUP waited for the server: \(daemon.stderr)")
        #expect(daemon.plansSoFar > beforeSIGHUP)

        // It answers: the reminder is shown once, and recorded.
        bus.resumeServer()
        let calls = bus.waitForNotify(count: 1, timeout: 60)
        #expect(calls.first?.summary == "Daily symptom check", "\(daemon.stderr)\n\(bus.diagnostics)")
        #expect(
            waitForStore(timeout: 60) { (try? delivery("symptom:2026-11-21"))??["shown_at"] != "NULL" },
            "\(daemon.stderr)")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 10) == 0, "\(daemon.stderr)")
    }

    /// SIGTERM while the server holds a call: the daemon stops at once rather than after
    /// D-Bus's 25 s.
    @Test func aStopDoesNotWaitForTheServer() throws {
        let daemon = try startDaemon(at: "2026-11-21T19:00:00-05:00")
        defer { bus.resumeServer() }
        #expect(daemon.waitForEvent("server_appeared"), "\(daemon.stderr)")
        bus.pauseServer()
        let mark = daemon.plansSoFar
        try nudge("settings", "set", "symptom.reminder_time", "18:30", at: "2026-11-21T19:00:00-05:00")
        #expect(daemon.waitForPlan(after: mark, nextDue: "2026-11-22T23:30", timeout: 15), "\(daemon.stderr)")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 10) == 0, "the stop waited for the server: \(daemon.stderr)")
    }
}
