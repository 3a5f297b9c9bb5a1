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

    /// doctor called a killed backup's part-written file "a copy of the store" (round 27 on issue
    /// 39): it names it as a backup that did not finish, no backup, safe to delete, and the fix.
    @Test func doctorNamesAKilledBackupsFileAsABackupThatDidNotFinish() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let ended = try Subprocess.spawn("/bin/true", [], environment: [:], stderrPath: directory.file("true.err"))
        #expect(ended.waitForExit(timeout: 10) == 0)
        let dead = folder + "/.nudge-nudge-20261122T095959Z.sqlite.\(ended.pid).a1B2c3"
        #expect(FileManager.default.createFile(atPath: dead, contents: Data("partial".utf8)))
        let doctor = nudge("doctor")
        #expect(
            doctor.stdout.contains(
                "WARNING backups: a backup killed midway did not finish: \(dead) (7 B) is a part-written file, no backup (nothing restores it), that no process writes, safe to delete\n        fix: nudge backup removes it (and names it); or: rm \(dead)\n"
            ), "\(doctor)")
        #expect(!doctor.stdout.contains("a copy of the store"), "\(doctor)")
    }

    /// A `backup --output` killed midway leaves a whole copy of the store beside the output
    /// (hostile round 18: three of them, 41-76 MB, never removed nor named): the next backup to
    /// that name removes those of dead writers and names them.
    @Test func aKilledOutputBackupsCopyGoesWithTheNextOne() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        let ended = try Subprocess.spawn("/bin/true", [], environment: [:], stderrPath: directory.file("true.err"))
        #expect(ended.waitForExit(timeout: 10) == 0)
        let dead = ".nudge-out.sqlite.\(ended.pid).a1B2c3"
        for name in [dead, dead + "-journal"] {
            #expect(FileManager.default.createFile(atPath: directory.file(name), contents: Data("partial".utf8)))
        }
        let result = nudge("backup", "--output", directory.file("out.sqlite"))
        #expect(result.stdout.hasSuffix("; removed what a backup killed midway left: \(dead)\n"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: directory.file(dead)))
        #expect(!FileManager.default.fileExists(atPath: directory.file(dead + "-journal")))
    }

    /// A restore killed midway leaves a copy of the whole store beside it (issue 39, seventh
    /// round): `nudge doctor` names it and `nudge backup` removes and names it, at once when its
    /// process is gone; one a running restore holds stays, however old, and is not named.
    @Test func aKilledRestoresCopyIsNamedByDoctorAndRemovedByTheBackup() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        let ended = try Subprocess.spawn("/bin/true", [], environment: [:], stderrPath: directory.file("true.err"))
        #expect(ended.waitForExit(timeout: 10) == 0)
        let dead = ".nudge-restore-nudge.sqlite.\(ended.pid).a1B2c3"
        let running = ".nudge-restore-nudge.sqlite.\(getpid()).LiVe42"
        for name in [dead, dead + "-journal", running] {
            #expect(FileManager.default.createFile(atPath: directory.file(name), contents: Data("rows".utf8)))
        }
        // Older than the 10 s a young file of a live pid is given: only its lock keeps it.
        let minuteAgo = Date().addingTimeInterval(-60)
        try FileManager.default.setAttributes([.modificationDate: minuteAgo], ofItemAtPath: directory.file(running))
        let holder = try Subprocess.holdingLock(on: directory.file(running), log: directory.file("holder.err"))
        defer {
            holder.signal(SIGKILL)
            _ = holder.waitForExit(timeout: 10)
        }
        #expect(holder.waitForLog("held"))

        let doctor = try NudgeBinary.run(["doctor"], environment: ["TZ": "UTC", "NUDGE_STORE": store])
        #expect(
            doctor.stdout.contains(
                "WARNING store: a restore killed midway left a copy of the store that no process writes: \(directory.file(dead)) (4 B)\n"
            ), "\(doctor)")
        #expect(!doctor.stdout.contains(running), "\(doctor)")
        // The fix's rm removes SQLite's journal beside the copy too, as `nudge backup` does.
        #expect(
            doctor.stdout.contains("or: rm \(directory.file(dead)) \(directory.file(dead))-journal\n"), "\(doctor)")

        let result = nudge("backup")
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.hasSuffix("; removed what a restore killed midway left beside the store: \(dead)\n"),
            "\(result)")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasPrefix(".nudge-restore-")
        }
        #expect(left == [running], "\(left)")
        let after = try NudgeBinary.run(["doctor"], environment: ["TZ": "UTC", "NUDGE_STORE": store])
        #expect(!after.stdout.contains("killed midway"), "\(after)")
    }

    /// A pid used again (issue 39, twelfth round): a leftover named with the pid of a process
    /// that started after the file was last written was kept, young, as if that process might
    /// be about to lock it. That process did not write it: both leftovers go at once, named.
    @Test func aLeftoverOlderThanTheProcessWithItsPidGoesAtOnce() throws {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        // Last written 3 s ago, before this process started: young enough that only its pid
        // could keep it.
        let written = Date().addingTimeInterval(-3)
        let reused = try Subprocess.spawn("/bin/sleep", ["60"], environment: [:], stderrPath: directory.file("s.err"))
        defer {
            reused.signal(SIGKILL)
            _ = reused.waitForExit(timeout: 10)
        }
        let backupLeftover = ".nudge-nudge-20261122T095959Z.sqlite.\(reused.pid).a1B2c3"
        let restoreLeftover = ".nudge-restore-nudge.sqlite.\(reused.pid).a1B2c3"
        for path in [folder + "/" + backupLeftover, directory.file(restoreLeftover)] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("rows".utf8)))
            try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: path)
        }
        let result = nudge("backup")
        #expect(
            result.status == 0
                && result.stdout.contains("; removed what a backup killed midway left: \(backupLeftover);")
                && result.stdout.hasSuffix(
                    "; removed what a restore killed midway left beside the store: \(restoreLeftover)\n"),
            "\(result)")
        #expect(Date().timeIntervalSince(written) < 10, "the backup ran within the 10 s a young file is given")
    }
}
