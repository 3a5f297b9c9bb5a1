import Foundation

#if canImport(Glibc)
    import Glibc
#endif

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
                if FileManager.default.isExecutableFile(atPath: path) {
                    return TerminalLauncher(path: path, prefix: prefix)
                }
            }
        }
        return nil
    }

    /// Starts it on `command` and does not wait for the terminal: `setsid -f` forks it into a
    /// session of its own and exits at once, and only that exit is waited for. (Foundation's
    /// Process would wait for the terminal too: it learns of an exit from a pipe the terminal
    /// inherits.)
    public func open(_ command: [String]) throws {
        let arguments = ["/usr/bin/setsid", "-f", path] + prefix + command
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, arguments[0], &actions, nil, &pointers, environ)
        guard code == 0 else {
            throw TerminalError(description: "cannot start \(arguments[0]): \(String(cString: strerror(code)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

public struct TerminalError: Error, CustomStringConvertible {
    public var description: String
}
