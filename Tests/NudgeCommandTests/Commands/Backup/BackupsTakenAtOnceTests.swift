import Foundation
import NudgeTestSupport
import Testing

/// Backups of one store taken at the same time (hostile round 27 on issue 39): five at once
/// named three files, two runs each naming one their siblings had removed. Each names its own
/// file, and says so when a backup taken at the same time has since thinned it away.
struct BackupsTakenAtOnceTests: CommandScenario {
    let directory = TemporaryDirectory()
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T10:00:00Z"] }
    var folder: String { store + ".backups" }

    /// Within one second: the plain name, `.2` (which thins it), then `.3`, never the plain
    /// name again.
    @Test func aNameTheThinningFreedIsNotGivenAgain() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        let names = (1...3).map { _ in
            nudge("backup").stdout.split(separator: " ")[5].split(separator: "/").last.map(String.init) ?? ""
        }
        #expect(
            names == [
                "nudge-20261122T100000Z.sqlite", "nudge-20261122T100000Z.2.sqlite", "nudge-20261122T100000Z.3.sqlite",
            ], "\(names)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["nudge-20261122T100000Z.3.sqlite"])
    }

    /// Five real processes at once: every name is given once, and each run's file is there or
    /// a run says it removed it.
    @Test func fiveAtOnceNameFiveFilesAndSayWhichWereThinned() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        let runs = try (1...5).map { run in
            try Subprocess.spawn(
                NudgeBinary.path, ["backup", "--store", store], environment: NudgeBinary.environment(environment),
                stderrPath: directory.file("\(run).err"), stdoutPath: directory.file("\(run).out"))
        }
        #expect(runs.map { $0.waitForExit(timeout: 60) } == [0, 0, 0, 0, 0])
        let outputs = try (1...5).map { try String(contentsOfFile: directory.file("\($0).out"), encoding: .utf8) }
        let named = outputs.map { String($0.split(separator: " ")[5]) }
        #expect(Set(named).count == 5, "\(outputs)")
        // The account of the five together: each file named is there, or a run (its own, or a
        // sibling that thinned it after it had printed) says it went.
        let removed = outputs.joined().components(separatedBy: "removed as the daily backups are kept (nudge(5)): ")
            .dropFirst().flatMap { $0.prefix { $0 != "\n" && $0 != ";" }.components(separatedBy: ", ") }
        for (path, output) in zip(named, outputs) {
            let gone = !FileManager.default.fileExists(atPath: path)
            #expect(!gone || removed.contains((path as NSString).lastPathComponent), "\(output)\n\(outputs)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
    }
}
