import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// A meditation quiets KDE Plasma through its notification server's `Inhibit`, on the real
/// binary (issue 41, the last hostile round), with a mock that keeps each inhibition with the
/// connection that asked, as Plasma does: a SIGKILLed daemon's quiet ends with its connection,
/// the next daemon asks again while the session runs, and nothing is left quieted after it.
@Suite(.ownThread, .daemonOnBus)
struct PlasmaQuietEndToEndTests: DaemonScenario {
    init() throws {
        for (key, value) in [("symptom.reminder_enabled", "false"), ("sound.enabled", "false")] {
            _ = try NudgeBinary.run(["settings", "set", key, value], environment: environment)
        }
        try DaemonOnBus.bus.addInhibited(false)
        try DaemonOnBus.bus.addInhibitMethodsTrackingCallers()
    }

    @Test func aKilledDaemonsQuietEndsWithItAndTheNextLeavesNoneBehind() throws {
        let first = try runningDaemon()
        try nudge("meditate", "10m", "--delay", "0", "--detach")
        #expect(first.waitForEvent("quiet_on", ["switch": "plasma"]), "\(first.stderr)")
        #expect(bus.waitForInhibited(true), "\(bus.diagnostics)")

        first.signal(SIGKILL)
        _ = first.waitForExit(timeout: 10)
        #expect(bus.waitForInhibited(false), "the killed daemon's inhibition outlived it: \(bus.diagnostics)")
        #expect(bus.diagnostics.contains("inhibition 42 dropped"), "\(bus.diagnostics)")

        // The session runs on: the next daemon quiets the desktop again, on its own connection.
        let second = try startDaemon(log: "second.err")
        #expect(second.waitForEvent("quiet_on", ["switch": "plasma"]), "\(second.stderr)")
        #expect(bus.waitForInhibited(true), "\(bus.diagnostics)")
        try nudge("meditate", "stop")
        #expect(second.waitForEvent("quiet_restored", ["switch": "plasma"]), "\(second.stderr)")
        #expect(bus.waitForInhibited(false), "left quieted after the session: \(bus.diagnostics)")
        #expect(bus.inhibitCalls().last == "UnInhibit 43", "\(bus.inhibitCalls())")
        // Forgotten once Plasma answers the UnInhibit, which may come after the line is logged.
        #expect(
            FileEvents.waitUntil(watching: [directory.path], timeout: 10) {
                (try? rows("SELECT value FROM store_metadata WHERE key = 'desktop_quieted'").isEmpty) == true
            }, "the store still says the desktop is quieted")

        // Killed again after the session: nothing of it is asked for again.
        second.signal(SIGKILL)
        _ = second.waitForExit(timeout: 10)
        let third = try runningDaemon()
        #expect(!third.stderr.contains("event=quiet_on"), "\(third.stderr)")
        #expect(bus.inhibitCalls().filter { $0.hasPrefix("Inhibit ") }.count == 2, "\(bus.inhibitCalls())")
        #expect(bus.waitForInhibited(false), "\(bus.diagnostics)\n\(third.stderr)")
    }
}
