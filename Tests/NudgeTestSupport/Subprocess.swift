import CNudgeLinux
import Foundation

/// What a finished command printed and how it exited.
public struct CommandResult: Sendable, CustomStringConvertible {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    public var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// A program started in the background; its stderr goes to a file the test can wait on.
public final class Spawned: @unchecked Sendable {
    public let process: Process
    public let stderrPath: String
    private let exit: ChildExit

    init(
        executable: String, arguments: [String], environment: [String: String], stderrPath: String, stdoutPath: String?
    ) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        self.stderrPath = stderrPath
        // An existing file is truncated in place, keeping its inode (JOURNAL_STREAM names it).
        if !FileManager.default.fileExists(atPath: stderrPath) {
            _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        }
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        try errors.truncate(atOffset: 0)
        process.standardError = errors
        if let stdoutPath {
            _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        } else {
            process.standardOutput = FileHandle.nullDevice
        }
        process.standardInput = FileHandle.nullDevice
        try FixtureLauncher.shared.launch(process)
        exit = ChildExit(pid: process.processIdentifier)
    }

    public var pid: Int32 { process.processIdentifier }
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Its threads' names (the kernel keeps 15 bytes of each), while it runs.
    public var threadNames: [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap {
            try? String(contentsOfFile: "/proc/\(pid)/task/\($0)/comm", encoding: .utf8)
                .trimmingCharacters(in: .newlines)
        }
    }

    /// Whether a file whose path contains `name` (a library) is mapped in it, while it runs; nil
    /// when its map cannot be read (read to its end: procfs gives a size of 0, which
    /// String(contentsOfFile:) read as empty).
    public func maps(_ name: String) -> Bool? {
        guard let maps = FileHandle(forReadingAtPath: "/proc/\(pid)/maps")?.readDataToEndOfFile(), !maps.isEmpty
        else { return nil }
        return String(decoding: maps, as: UTF8.self).contains(name)
    }

    /// Only while it runs: once reaped, its pid may be another process's.
    public func signal(_ number: Int32) {
        guard process.isRunning else { return }
        kill(pid, number)
    }

    /// Waits for the process to end; nil when it is still running after `timeout`.
    public func waitForExit(timeout: TimeInterval) -> Int32? {
        exit.wait(process, timeout: timeout)
    }

    /// Waits until stderr has a line containing `text`.
    @discardableResult
    public func waitForLog(_ text: String, timeout: TimeInterval = 10) -> Bool {
        FileEvents.waitUntil(watching: [(stderrPath as NSString).deletingLastPathComponent], timeout: timeout) {
            stderr.contains(text)
        }
    }

    deinit {
        if process.isRunning {
            kill(pid, SIGKILL)
            _ = exit.wait(process, timeout: 5)
        }
    }
}

public enum Subprocess {
    /// Runs a program to its end, with a bound.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, timeout: TimeInterval = 60
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = try ClosedOnExecPipe()
        let error = try ClosedOnExecPipe()
        process.standardOutput = output.writing
        process.standardError = error.writing
        process.standardInput = FileHandle.nullDevice
        FixtureLauncher.bindToParent(process)
        try process.run()
        let exit = ChildExit(pid: process.processIdentifier)
        // Only the child holds the write ends now: reading ends when it does.
        try output.writing.close()
        try error.writing.close()
        // Read both pipes while it runs, so a chatty program never blocks on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data()
        nonisolated(unsafe) var err = Data()
        DispatchQueue.global().async(group: group) { out = output.reading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err = error.reading.readDataToEndOfFile() }
        guard let status = exit.wait(process, timeout: timeout) else {
            // Fail this test alone, saying where it was stuck.
            let stuck = SubprocessTimeout.threadStates(of: process.processIdentifier)
            process.terminate()
            if exit.wait(process, timeout: 5) == nil {
                // Its own process group (Foundation spawns it so): children holding the pipes too.
                kill(-process.processIdentifier, SIGKILL)
                _ = exit.wait(process, timeout: 5)
            }
            let read = group.wait(timeout: .now() + 5) == .success
            throw SubprocessTimeout(
                command: ([executable] + arguments).joined(separator: " "), seconds: timeout, threads: stuck,
                output: read ? String(decoding: out + err, as: UTF8.self) : "(its output was still held open)")
        }
        group.wait()
        return CommandResult(
            status: status, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    public static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], stderrPath: String,
        stdoutPath: String? = nil
    ) throws -> Spawned {
        try Spawned(
            executable: executable, arguments: arguments, environment: environment, stderrPath: stderrPath,
            stdoutPath: stdoutPath)
    }
}

/// A command that had not ended within its bound; it was ended.
public struct SubprocessTimeout: Error, CustomStringConvertible {
    public var command: String
    public var seconds: TimeInterval
    /// Each thread's state and kernel wait channel when the bound passed.
    public var threads: String
    public var output: String

    public var description: String {
        "\(command) was still running after \(Int(seconds)) s; its threads: \(threads); it printed: \(output)"
    }

    static func threadStates(of pid: Int32) -> String {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.sorted().map { task in
            func read(_ name: String) -> String {
                ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/\(name)", encoding: .utf8)) ?? "?")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let state = read("stat").split(separator: ")").last?.split(separator: " ").first ?? "?"
            return "\(read("comm")) \(state) \(read("wchan"))"
        }.joined(separator: ", ")
    }
}

/// A pipe whose ends are closed on exec. Foundation's `Pipe` is not: a fixture spawned from
/// another thread at the same moment inherited a command's write end and held it for the rest
/// of the run, and reading the command's output to its end never ended.
struct ClosedOnExecPipe {
    let reading: FileHandle
    let writing: FileHandle

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard nudge_pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // Blocking reads and writes, as a command's stdout and stderr expect.
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) & ~O_NONBLOCK) }
        reading = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        writing = FileHandle(fileDescriptor: ends[1], closeOnDealloc: true)
    }
}
