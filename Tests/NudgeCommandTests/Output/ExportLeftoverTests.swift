import Foundation
import NudgeTestSupport
import Testing

/// The temporary file a killed export left beside its `--output` (issue 39, item 8): the next
/// export removes it once no process holds it, and leaves one a live export still writes.
@Suite(.timeLimit(.minutes(2)))
struct ExportLeftoverTests {
    let directory = TemporaryDirectory()

    @Test func theNextExportRemovesAKilledOnesTemporaryFileOnly() throws {
        let output = directory.file("diary.csv")
        let killed = directory.file(".diary.csv.AbC123")
        let live = directory.file(".diary.csv.LiVe42")
        for file in [killed, live] {
            #expect(FileManager.default.createFile(atPath: file, contents: Data("Headache,3\n".utf8)))
            // A minute old: past the instant a live export takes its file's lock.
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: file)
        }
        let holder = try Subprocess.holdingLock(on: live, log: directory.file("holder.err"))
        defer {
            holder.signal(SIGKILL)
            _ = holder.waitForExit(timeout: 10)
        }
        #expect(holder.waitForLog("held"))
        let export = InProcessNudge.run(
            ["symptoms", "export", "--output", output, "--store", directory.file("nudge.sqlite")],
            environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T20:00:00Z"])
        #expect(export.status == 0, "\(export)")
        #expect(!FileManager.default.fileExists(atPath: killed), "its process is gone")
        #expect(FileManager.default.fileExists(atPath: live), "a live process holds it")
        #expect(FileManager.default.fileExists(atPath: output))
    }
}
