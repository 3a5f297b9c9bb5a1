import Foundation

/// dunst's own Do Not Disturb: `dunstctl set-paused`, what it keeps waiting meanwhile, and its
/// history (where a closed notification's urgency is kept).
extension DunstServer {
    public func setPaused(_ paused: Bool) throws {
        let result = try dunstctl(["set-paused", paused ? "true" : "false"])
        guard result.status == 0 else { throw BusError("dunstctl set-paused: \(result)") }
    }

    /// `dunstctl is-paused`: what dunst itself says.
    public func isPaused() throws -> Bool {
        try dunstctl(["is-paused"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "true"
    }

    /// How many notifications dunst keeps waiting (paused), or draws (`displayed`).
    public func count(_ which: String) throws -> Int? {
        Int(try dunstctl(["count", which]).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Closes what dunst draws, so that it is in the history.
    public func closeAll() throws {
        _ = try dunstctl(["close-all"])
    }

    /// `dunstctl history`: JSON, each notification's summary and urgency ("CRITICAL") among it.
    public func history() throws -> String {
        try dunstctl(["history"]).stdout
    }

    private func dunstctl(_ arguments: [String]) throws -> CommandResult {
        try Subprocess.run(
            "/usr/bin/dunstctl", arguments,
            environment: ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"],
            timeout: 30)
    }
}
