import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// A notification server with Plasma's `Inhibited` property but no `Inhibit` method (issue 41,
/// hostile round after F12: the meditation logged that it turned Do Not Disturb on, the store
/// kept it as turned on, and doctor said all was well), on the real binary.
@Suite(.ownThread, .hangBound(minutes: 2), .daemonOnBus)
struct FailedQuietEndToEndTests: DaemonScenario {
    init() throws {
        for (key, value) in [("symptom.reminder_enabled", "false"), ("sound.enabled", "false")] {
            _ = try NudgeBinary.run(["settings", "set", key, value], environment: environment)
        }
        try DaemonOnBus.bus.addInhibited(false)
    }

    @Test func aFailedInhibitIsSaidAsFailedAndDoctorSaysWhy() throws {
        let daemon = try runningDaemon()
        try nudge("meditate", "10m", "--delay", "0", "--detach")
        #expect(daemon.waitForEvent("quiet_failed", ["switch": "plasma"]), "\(daemon.stderr)")
        #expect(!daemon.stderr.contains("event=quiet_on"), "\(daemon.stderr)")
        #expect(
            daemon.stderr.contains(
                "cannot turn the desktop's Do Not Disturb on (the notification server's Inhibit): Inhibit: org.freedesktop.DBus.Error.UnknownMethod;"
            ), "\(daemon.stderr)")
        // Nothing to put back: the span is left as the person has it.
        #expect(
            try rows("SELECT value FROM store_metadata WHERE key = 'desktop_quieted'").first?["value"]?.hasSuffix(
                " left") == true)
        let doctor = try attempt("doctor")
        let line = doctor.stdout.split(separator: "\n").first { $0.contains("meditation:") }.map(String.init) ?? ""
        #expect(
            line.contains("the desktop could not be quieted at ")
                && line.contains(
                    ": the notification server's Inhibit (KDE Plasma) failed: Inhibit: org.freedesktop.DBus.Error.UnknownMethod;"
                ), "\(doctor)")
        #expect(!doctor.stdout.contains("quiets the desktop by the notification server's Inhibit"), "\(doctor)")
        let plans = daemon.plansSoFar
        try nudge("meditate", "stop")
        #expect(daemon.waitForPlan(after: plans), "\(daemon.stderr)")
        #expect(!daemon.stderr.contains("event=quiet_restored"), "nothing was turned on: \(daemon.stderr)")
    }
}
