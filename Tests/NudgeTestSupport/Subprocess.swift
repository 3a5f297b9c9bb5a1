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
    private let exited = DispatchSemaphore(value: 0)

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
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try FixtureLauncher.shared.launch(process)
    }

    public var pid: Int32 { process.processIdentifier }
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Only while it runs: once reaped, its pid may be another process's.
    public func signal(_ number: Int32) {
        guard process.isRunning else { return }
        kill(pid, number)
    }

    /// Waits for the process to end; nil when it is still running after `timeout`.
    public func waitForExit(timeout: TimeInterval) -> Int32? {
        guard exited.wait(timeout: .now() + timeout) == .success else { return nil }
        exited.signal()
        return process.terminationStatus
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
            _ = exited.wait(timeout: .now() + 5)
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
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        FixtureLauncher.bindToParent(process)
        try process.run()
        // Only the child holds the write ends now: reading ends when it does.
        try output.writing.close()
        try error.writing.close()
        // Read both pipes while it runs, so a chatty program never blocks on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var out = Data()
        nonisolated(unsafe) var err = Data()
        DispatchQueue.global().async(group: group) { out = output.reading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { err = error.reading.readDataToEndOfFile() }
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = exited.wait(timeout: .now() + 5)
        }
        group.wait()
        return CommandResult(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
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
