import Foundation

/// Opens a terminal running a command, for answers that need one ("Write now"): the
/// freedesktop `xdg-terminal-exec`, else Debian's `x-terminal-emulator` (which takes `-e`).
public struct TerminalLauncher: Sendable, Equatable {
    public let path: String
    /// Arguments before the command (`-e` for x-terminal-emulator).
    public let prefix: [String]

    /// The first launcher found on `PATH`; nil when this session cannot open a terminal.
    public static func find(environment: [String: String]) -> TerminalLauncher? {
        let directories = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        for (name, prefix) in [("xdg-terminal-exec", []), ("x-terminal-emulator", ["-e"])] {
            for directory in directories where !directory.isEmpty {
                let path = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) { return TerminalLauncher(path: path, prefix: prefix) }
            }
        }
        return nil
    }

    /// Starts it on `command` and does not wait: the terminal lives on its own.
    public func open(_ command: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        // setsid -f: the terminal is not the daemon's child, so the daemon neither waits for
        // it nor stops it when it stops.
        process.arguments = ["-f", path] + prefix + command
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }
}
