import Foundation

/// A real notification server for one test: dunst under Xvfb on a private session bus, as
/// contrib/scripts/screenshot.sh runs it, with the rules a test gives it.
public final class DunstServer: @unchecked Sendable {
    public let address: String
    public let directory: TemporaryDirectory
    private let bus: Spawned
    private var others: [Spawned] = []

    /// - Parameter rules: dunstrc text after `[global]` (urgency sections, rules).
    public init(rules: String) throws {
        directory = TemporaryDirectory("nudge-dunst")
        (bus, address) = try PrivateBus.start(in: directory)
        let displayPath = directory.file("display")
        let xvfb = try Subprocess.spawn(
            "/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "620x240x24", "-nolisten", "tcp"],
            environment: ["PATH": "/usr/bin:/bin"], stderrPath: directory.file("xvfb.err"), stdoutPath: displayPath)
        others.append(xvfb)
        var display = ""
        FileEvents.waitUntil(watching: [directory.path], timeout: 20) {
            display = (try? String(contentsOfFile: displayPath, encoding: .utf8)) ?? ""
            return display.hasSuffix("\n")
        }
        guard !display.isEmpty else { throw BusError("Xvfb did not start: \(xvfb.stderr)") }
        try "[global]\n    font = DejaVu Sans 11\n\(rules)\n".write(
            toFile: directory.file("dunstrc"), atomically: true, encoding: .utf8)
        self.display = ":\(display.trimmingCharacters(in: .whitespacesAndNewlines))"
        try startDunst()
    }

    private let display: String
    private var running: Spawned?

    private func startDunst() throws {
        let started = try Subprocess.spawn(
            "/usr/bin/dunst", ["-conf", directory.file("dunstrc")],
            environment: [
                "DISPLAY": display, "DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin",
                "HOME": directory.path,
            ], stderrPath: directory.file("dunst.err"))
        others.append(started)
        running = started
        let waited = try dunst(
            "/usr/bin/gdbus", ["wait", "--session", "--timeout", "20", "org.freedesktop.Notifications"])
        guard waited.status == 0 else { throw BusError("dunst did not appear: \(waited)") }
    }

    /// Kills dunst and starts it again, as a person restarting it does (`killall dunst`, and
    /// D-Bus activation or the session starting it): the new one starts unpaused, with nothing
    /// of the one before.
    public func restart() throws {
        running?.signal(SIGKILL)
        _ = running?.waitForExit(timeout: 10)
        try startDunst()
    }

    /// How many notifications dunst draws now (`dunstctl count displayed`).
    public func displayed() throws -> Int? {
        Int(
            try dunst("/usr/bin/dunstctl", ["count", "displayed"]).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    private func dunst(_ executable: String, _ arguments: [String]) throws -> CommandResult {
        try Subprocess.run(
            executable, arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"],
            timeout: 30)
    }

    /// SIGKILL: the fixtures inherit the test runner's blocked signals, so SIGTERM would wait.
    deinit {
        for process in others.reversed() + [bus] {
            process.signal(SIGKILL)
            _ = process.waitForExit(timeout: 10)
        }
        try? FileManager.default.removeItem(atPath: directory.path)
    }
}
