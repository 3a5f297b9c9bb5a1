import Foundation

/// The real `nudge` executable, built next to the test runner.
public enum NudgeBinary {
    public static let path: String = {
        if let path = ProcessInfo.processInfo.environment["NUDGE_BINARY"] { return path }
        let runner =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: runner).deletingLastPathComponent()
        // On Linux the runner is .build/<triple>/debug/nudgePackageTests.xctest.
        while !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("nudge").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("nudge").path
    }()

    /// The environment for a nudge process: the test's own, less anything that points at the
    /// person's session, at the suite's now (`TestClock`), plus what the test sets (an empty
    /// value removes the variable).
    public static func environment(_ overrides: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in [
            "DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY", "NUDGE_STORE", "NUDGE_FAKE_NOW", "XDG_DATA_HOME",
            "NUDGE_LOCALTIME",
        ] {
            environment[key] = nil
        }
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent/nudge-test-bus"
        // No test takes an inhibitor from the machine's own logind.
        environment["DBUS_SYSTEM_BUS_ADDRESS"] = "unix:path=/nonexistent/nudge-test-system-bus"
        environment["NUDGE_FAKE_NOW"] = TestClock.injectedNow
        // GSettings in memory: no test reads the machine's GNOME settings (a show-banners another
        // program left off would hold every reminder), and none writes them through dconf (a
        // meditation's quiet would reach every other test and the person's desktop). A test of
        // GNOME's settings names its own backend.
        environment["GSETTINGS_BACKEND"] = "memory"
        // A test's own HOME is its runtime folder too: without one, PulseAudio's client (under
        // libcanberra and GStreamer) makes a /tmp/pulse-* folder per process that nothing removes.
        if let home = overrides["HOME"], overrides["XDG_RUNTIME_DIR"] == nil {
            environment["XDG_RUNTIME_DIR"] = home
        }
        return environment.merging(overrides) { $1 }.filter { !$0.value.isEmpty }
    }

    public static func run(_ arguments: [String], environment: [String: String]) throws -> CommandResult {
        try Subprocess.run(path, arguments, environment: Self.environment(environment))
    }
}
