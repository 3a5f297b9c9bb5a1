import Foundation
import NudgeTestSupport
import Testing

/// A test run that crashed leaves its directories; the next run removes those whose process is
/// gone, and nothing of a run still going.
struct TemporaryDirectoryTests {
    @Test func aGoneRunsDirectoriesAreRemovedAndALiveRunsKept() throws {
        let parent = TemporaryDirectory()
        let ended = try Subprocess.spawn("/bin/true", [], environment: [:], stderrPath: parent.file("true.err"))
        #expect(ended.waitForExit(timeout: 10) == 0)
        let gone = ended.pid
        let names = [
            "nudge-test.\(gone).aaaaaa", "nudge-bus.\(gone).bbbbbb", "nudge-test.\(getpid()).cccccc",
            "nudge-test.\(gone).recent", "other.\(gone).dddddd",
        ]
        let old = Date().addingTimeInterval(-3600)
        for name in names {
            try FileManager.default.createDirectory(atPath: parent.file(name), withIntermediateDirectories: false)
            try "x".write(toFile: parent.file(name) + "/file", atomically: false, encoding: .utf8)
            if name != "nudge-test.\(gone).recent" {
                try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: parent.file(name))
            }
        }
        TemporaryDirectory.removeLeftovers(in: parent.path, olderThan: Date().addingTimeInterval(-600))
        let left = try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { names.contains($0) }
        #expect(
            Set(left) == ["nudge-test.\(getpid()).cccccc", "nudge-test.\(gone).recent", "other.\(gone).dddddd"])
    }
}
