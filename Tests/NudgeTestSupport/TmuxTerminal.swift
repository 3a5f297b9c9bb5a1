import Foundation
import Testing

/// A real terminal for one command line: a tmux session on a server of its own (a socket in the
/// test's directory; a socket of a server just killed is not used again), its screen recorded
/// by script(1) into a typescript file the test reads.
public struct TmuxTerminal {
    public let socket: String
    public let typescript: String
    let directory: String

    /// Starts `command` (a shell command line) detached: setsid -f, so the tmux server outlives
    /// the call. It runs at the suite's now unless `environment` pins an instant.
    public init(running command: String, environment: [String: String], in directory: String, name: String) throws {
        self.directory = directory
        socket = "\(directory)/\(name).sock"
        typescript = "\(directory)/\(name).typescript"
        var environment = environment
        if environment["NUDGE_FAKE_NOW"] == nil { environment["NUDGE_FAKE_NOW"] = TestClock.injectedNow }
        let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(
            separator: " ")
        let line = "env \(variables) script -qfec \(Self.quoted(command)) \(Self.quoted(typescript))"
        let started = try Self.spawnAndWait([
            "/usr/bin/setsid", "-f", "/usr/bin/tmux", "-S", socket, "new-session", "-d", "-x", "160", "-y", "40", line,
        ])
        #expect(started == 0, "tmux did not start: \(started)")
    }

    /// What the terminal has shown so far.
    public var screen: String { (try? String(contentsOfFile: typescript, encoding: .utf8)) ?? "" }

    /// Waits (bounded) until the terminal has shown `text`.
    public func waitFor(_ text: String, timeout: TimeInterval = 20, sourceLocation: SourceLocation = #_sourceLocation) {
        let seen = FileEvents.waitUntil(watching: [directory], timeout: timeout) { screen.contains(text) }
        #expect(seen, "'\(text)' never appeared: \(screen.suffix(300))", sourceLocation: sourceLocation)
    }

    /// Types `keys` literally, then Enter.
    public func type(_ keys: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if !keys.isEmpty {
            #expect(
                try Self.spawnAndWait(["/usr/bin/tmux", "-S", socket, "send-keys", "-t", "0", "-l", keys]) == 0,
                sourceLocation: sourceLocation)
        }
        #expect(
            try Self.spawnAndWait(["/usr/bin/tmux", "-S", socket, "send-keys", "-t", "0", "Enter"]) == 0,
            sourceLocation: sourceLocation)
    }

    /// Presses one key as tmux names it (`C-d`), and nothing after it.
    public func press(_ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(
            try Self.spawnAndWait(["/usr/bin/tmux", "-S", socket, "send-keys", "-t", "0", key]) == 0,
            sourceLocation: sourceLocation)
    }

    /// Closes the terminal as a window manager would: its server killed, the command hung up.
    public func close() throws {
        _ = try Self.spawnAndWait(["/usr/bin/pkill", "-KILL", "-f", "tmux -S \(socket)"])
    }

    /// Whether the command still runs: a process whose command line names the typescript.
    public var isRunning: Bool { (try? Self.spawnAndWait(["/usr/bin/pgrep", "-f", typescript])) == 0 }

    /// Kills whatever still runs with `directory` in its command line: what a failed test left.
    public static func killEverything(startedIn directory: String) {
        _ = try? spawnAndWait(["/usr/bin/pkill", "-KILL", "-f", directory])
    }

    /// posix_spawn and waitpid, bounded: Foundation's Process learns of an exit from a pipe,
    /// which a tmux server started meanwhile inherits, and then waits for the server too.
    public static func spawnAndWait(_ arguments: [String], timeout: TimeInterval = 20) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var environment = [String](["PATH=/usr/bin:/bin", "TERM=xterm"]).map { strdup($0) } + [nil]
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, arguments[0], &actions, nil, &pointers, &environment)
        guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO) }
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(timeout)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return -1
            }
            usleep(10_000)
        }
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : -1
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
