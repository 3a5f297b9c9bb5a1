import Foundation
import NudgeTestSupport
import Testing

/// What the daemon's log tells a person at `info`: what is next, once each time it changes, a
/// SIGHUP and each setting changed.
@Suite(.ownThread, .daemonOnBus)
struct DaemonLogTests: DaemonScenario {
    /// The lines of one event, as written.
    func lines(_ daemon: Spawned, _ event: String) -> [String] {
        daemon.stderr.split(separator: "\n").map(String.init).filter {
            $0.hasSuffix("event=\(event)") || $0.contains("event=\(event) ")
        }
    }

    @Test func saysWhatIsNextOncePerChangeAndWhatChanged() throws {
        let daemon = try startDaemon(at: "2026-11-21T15:49:30-05:00")
        #expect(daemon.waitForEvent("next"), "\(daemon.stderr)")
        #expect(
            lines(daemon, "next") == [
                "nudge: info: next: Daily symptom check at 20:00, in 4h 10m · event=next next_due=2026-11-22T01:00:00Z"
            ], "\(daemon.stderr)")

        // A change that moves nothing due next is said, and the next thing is not said again.
        try nudge("settings", "set", "call.reminder_time", "10:00")
        #expect(daemon.waitForEvent("setting_changed", ["key": "call.reminder_time"]), "\(daemon.stderr)")
        daemon.signal(SIGHUP)
        #expect(daemon.waitForEvent("reload"), "\(daemon.stderr)")
        try nudge("settings", "set", "symptom.reminder_time", "21:00")
        #expect(daemon.waitForEvents("next", count: 2), "\(daemon.stderr)")
        #expect(
            lines(daemon, "setting_changed") == [
                "nudge: info: the setting call.reminder_time is now 10:00 (was 09:00) · event=setting_changed key=call.reminder_time",
                "nudge: info: the setting symptom.reminder_time is now 21:00 (was 20:00) · event=setting_changed key=symptom.reminder_time",
            ], "\(daemon.stderr)")
        #expect(lines(daemon, "reload") == ["nudge: info: reloading on SIGHUP · event=reload"])
        #expect(
            lines(daemon, "next").last
                == "nudge: info: next: Daily symptom check at 21:00, in 5h 10m · event=next next_due=2026-11-22T02:00:00Z",
            "\(daemon.stderr)")
        #expect(lines(daemon, "next").count == 2, "\(daemon.stderr)")
    }
}
