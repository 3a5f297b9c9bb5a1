import Foundation
import NudgeTestSupport
import Testing

/// A path with a newline or a terminal escape in it (a folder named so; hostile round 18 on
/// issue 39 found backup folders' names printed raw): an error stays one line, and doctor's
/// findings are not forged nor the terminal driven.
@Suite(.timeLimit(.minutes(2))) struct ControlCharactersInPathsTests {
    let directory = TemporaryDirectory()

    @Test func anErrorNamingSuchAPathIsOneLineWithoutEscapes() throws {
        let folder = directory.file("a\nok      forged\u{1B}[2J")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        // A store that is a folder: refused, naming the path.
        let store = folder + "/store.sqlite"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: false)
        let result = InProcessNudge.run(
            ["log", "symptom", "Headache", "--severity", "2", "--store", store], environment: ["TZ": "UTC"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.hasPrefix("nudge: ") && result.stderr.hasSuffix("\n"), "\(result)")
        #expect(!result.stderr.dropLast().contains("\n") && !result.stderr.contains("\u{1B}"), "\(result)")
        #expect(result.stderr.contains("a⏎ok      forged\u{FFFD}[2J"), "\(result)")
    }

    @Test func doctorsFindingsNamingSuchAPathAreNotForged() throws {
        let folder = directory.file("b\nok      daemon: running\u{1B}[2J")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let store = folder + "/store.sqlite"
        let result = InProcessNudge.run(["doctor", "--store", store], environment: ["TZ": "UTC"])
        let lines = result.stdout.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("ok      daemon: running") }, "\(result)")
        #expect(!result.stdout.contains("\u{1B}"), "\(result)")
    }
}
