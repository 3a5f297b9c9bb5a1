import Foundation
import NudgeTestSupport
import Testing

/// `nudge dose 1 | head -1`: the reader goes away before the command has said everything.
@Suite struct ClosedOutputTests {
    let directory = TemporaryDirectory()

    /// The real binary, its standard output a pipe no one reads: it ends quietly (as cat does,
    /// 128 + SIGPIPE, or by the signal itself), without a crash's backtrace.
    @Test func aReaderThatWentAwayEndsTheCommandQuietly() throws {
        let output = Pipe()
        try output.fileHandleForReading.close()
        let errors = directory.file("errors")
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: NudgeBinary.path)
        process.arguments = ["--store", directory.file("nudge.sqlite"), "settings"]
        process.environment = NudgeBinary.environment(["TZ": "UTC"])
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        process.waitUntilExit()
        let said = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(
            (process.terminationReason == .exit && process.terminationStatus == 128 + SIGPIPE)
                || (process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGPIPE),
            "\(process.terminationReason) \(process.terminationStatus): \(said)")
        #expect(said.isEmpty, "\(said)")
    }
}

/// `--output b` in the current directory: a one-character name is a file's name like any other.
@Suite struct ShortOutputNameTests {
    let directory = TemporaryDirectory()

    @Test(arguments: [["backup"], ["symptoms", "export"]])
    func aOneCharacterOutputIsWritten(command: [String]) throws {
        let store = directory.file("nudge.sqlite")
        _ = try NudgeBinary.run(
            ["--store", store, "log", "symptom", "Headache", "--severity", "2"], environment: ["TZ": "UTC"])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: NudgeBinary.path)
        process.arguments = ["--store", store] + command + ["--output", "b"]
        process.environment = NudgeBinary.environment(["TZ": "UTC"])
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(process.terminationStatus)")
        #expect(FileManager.default.fileExists(atPath: directory.file("b")))
    }
}
