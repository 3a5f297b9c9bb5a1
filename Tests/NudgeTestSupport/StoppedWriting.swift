import Foundation

/// The real `nudge` binary stopped with SIGSTOP the moment its temporary file (`.nudge-*`)
/// appears in a folder: a test then changes what the command writes over, or signals it,
/// while its copy is half-way.
extension NudgeBinary {
    /// Starts `nudge ARGUMENTS` and stops it while a `.nudge-` file is in `folder`, its output
    /// in `stdoutPath` and `stderrPath`. A run that finished before the stop reached it (a
    /// loaded machine) is undone, `folder` emptied, and run again, 10 times at most.
    public static func stoppedWriting(
        _ arguments: [String], environment: [String: String], folder: String, stdoutPath: String,
        stderrPath: String
    ) throws -> Spawned {
        let temporary = {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).contains { $0.hasPrefix(".nudge-") }
        }
        for _ in 1...10 {
            let run = try Subprocess.spawn(
                path, arguments, environment: Self.environment(environment), stderrPath: stderrPath,
                stdoutPath: stdoutPath)
            let began = FileEvents.waitUntil(watching: [folder], timeout: 30, temporary)
            run.stop()
            guard began else { throw NeverWrote(arguments: arguments, stderr: run.stderr) }
            if temporary() { return run }
            run.signal(SIGCONT)
            _ = run.waitForExit(timeout: 60)
            for file in try FileManager.default.contentsOfDirectory(atPath: folder) {
                try FileManager.default.removeItem(atPath: folder + "/" + file)
            }
        }
        throw NeverWrote(arguments: arguments, stderr: "each of 10 runs finished before it was stopped")
    }

    /// A command whose temporary file never appeared while it ran.
    public struct NeverWrote: Error, CustomStringConvertible {
        public var arguments: [String]
        public var stderr: String
        public var description: String { "nudge \(arguments.joined(separator: " ")) wrote no .nudge- file: \(stderr)" }
    }
}

extension Spawned {
    /// Sends SIGSTOP and returns once the kernel says the process stopped (or ended): the
    /// signal alone is delivered some moments later, while the process goes on writing.
    public func stop() {
        signal(SIGSTOP)
        var info = siginfo_t()
        var result: Int32
        repeat {
            // WNOWAIT: the end stays for `ChildExit`, which reaps nothing either.
            result = waitid(P_PID, id_t(pid), &info, WSTOPPED | WEXITED | WNOWAIT)
        } while result == -1 && errno == EINTR
    }
}
