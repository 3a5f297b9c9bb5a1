import Foundation
import NudgeTestSupport
import Testing

/// What a killed backup leaves in the backup folder (issue 39, fourth round): `nudge backup`
/// removes it and names it, at once when the process that wrote it (its pid is in the name) is
/// gone; a young file of a live process may be one made a moment before its lock, and stays.
struct KilledBackupLeftoverTests: CommandScenario {
    let directory = TemporaryDirectory()
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T10:00:00Z"] }
    var folder: String { store + ".backups" }

    @Test func aDeadWritersFileGoesAtOnceAndIsNamed() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        // A process that has ended: its pid is no process's now.
        let ended = try Subprocess.spawn("/bin/true", [], environment: [:], stderrPath: directory.file("true.err"))
        #expect(ended.waitForExit(timeout: 10) == 0)
        let dead = ".nudge-nudge-20261122T095959Z.sqlite.\(ended.pid).a1B2c3"
        let live = ".nudge-nudge-20261122T095959Z.sqlite.\(getpid()).d4E5f6"
        for name in [dead, dead + "-journal", live] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("partial".utf8)))
        }
        let result = nudge("backup")
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.hasSuffix("; removed what a backup killed midway left: \(dead)\n"), "\(result)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(left == [live, "nudge-20261122T100000Z.sqlite"], "\(left)")
    }
}
