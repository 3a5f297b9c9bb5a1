import Foundation
import NudgeCore
import NudgeStore
import NudgeTestSupport
import Testing

/// A sound store on a disk filled to its last block (hostile round 28 on issue 39): SQLite
/// could not grow a new -shm to 32 KiB, so every command, reads too, and `backup --output` to
/// another disk, said "cannot write the store", and doctor said "ok store". Reading commands
/// read it; a write keeps its refusal, naming the folder and `df -h`; doctor names the full disk.
@Suite(.hangBound(minutes: 3)) struct FullDiskReadingTests {
    let directory = TemporaryDirectory()
    var small: String { directory.file("small") }
    var store: String { small + "/nudge.sqlite" }
    let environment = ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T20:00:00Z"]

    func nudge(_ arguments: String...) -> CommandResult {
        InProcessNudge.run(arguments + ["--store", store], environment: environment)
    }

    /// The store, with one symptom, on a 1.1 MB tmpfs filled up, with no -wal or -shm beside it
    /// (as the last connection leaves it); `body` runs while it is mounted.
    func onAFullDisk(_ body: () throws -> Void) throws {
        try onADisk(size: "1100k") {
            for suffix in ["-wal", "-shm"] { unlink(store + suffix) }
            let filler = try Subprocess.run(
                "/usr/bin/dd", ["if=/dev/zero", "of=\(small)/fill", "bs=1k", "count=4000"])
            try #require(filler.stderr.contains("No space left"), "the disk filled up: \(filler)")
            try body()
        }
    }

    func onADisk(size: String, _ body: () throws -> Void) throws {
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        let mount = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", small])
        try #require(mount.status == 0, "\(mount)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", small]) }
        let logged = nudge("log", "symptom", "Nausea", "--severity", "2")
        try #require(logged.status == 0, "\(logged)")
        try body()
    }

    /// Room for the next write, but less than a restore needs and some growth: a warning, with
    /// the numbers; the store is still said to be fine.
    @Test(.enabled(if: getuid() == 0)) func doctorWarnsOfLowRoomOnTheStoresDisk() throws {
        try onADisk(size: "8m") {
            let doctor = nudge("doctor")
            #expect(doctor.stdout.contains("WARNING store: the disk of \(small) has "), "\(doctor)")
            #expect(
                doctor.stdout.contains(
                    " free, little: a restore needs about "), "\(doctor)")
            #expect(doctor.stdout.contains("        fix: free space on it (df -h \(small))"), "\(doctor)")
            #expect(!doctor.stdout.contains("PROBLEM store:"), "\(doctor)")
            #expect(doctor.stdout.contains("ok      store: \(store) (mode 600)"), "\(doctor)")
        }
    }

    @Test(.enabled(if: getuid() == 0)) func readingCommandsReadAStoreOnAFullDisk() throws {
        try onAFullDisk {
            let listed = nudge("symptoms")
            #expect(listed.status == 0 && listed.stdout.contains("Nausea"), "\(listed)")
            let exported = nudge("symptoms", "export", "--format", "csv")
            #expect(exported.status == 0 && exported.stdout.contains("Nausea"), "\(exported)")
            for reading in [
                ["history"], ["upcoming"], ["settings"], ["backups"], ["meds", "list"], ["journal", "list"],
                ["call", "history"],
            ] {
                let result = InProcessNudge.run(reading + ["--store", store], environment: environment)
                #expect(result.status == 0 && !result.stderr.contains("cannot write"), "\(reading): \(result)")
            }
            // The -shm SQLite made is still the 3 bytes it could write: nothing grew on the disk.
            var status = stat()
            #expect(stat(store + "-shm", &status) == 0 && status.st_size == 3, "\(status.st_size)")
        }
    }

    @Test(.enabled(if: getuid() == 0)) func aBackupToAnotherDiskIsTakenFromAStoreOnAFullDisk() throws {
        try onAFullDisk {
            let output = directory.file("elsewhere.sqlite")
            let backup = nudge("backup", "--output", output)
            #expect(backup.status == 0 && backup.stdout.hasPrefix("backed up the store to \(output)"), "\(backup)")
            let read = InProcessNudge.run(["symptoms", "--store", output], environment: environment)
            #expect(read.status == 0 && read.stdout.contains("Nausea"), "\(read)")
        }
    }

    @Test(.enabled(if: getuid() == 0)) func aWriteOnAFullDiskIsRefusedAndDoctorNamesTheFullDisk() throws {
        try onAFullDisk {
            let write = nudge("log", "symptom", "Headache", "--severity", "3")
            // EX_IOERR, as a restore without room exits (hostile round 30: 77, EX_NOPERM).
            #expect(write.status == 74, "\(write)")
            #expect(
                write.stderr.contains("the disk is full; free space on it (df -h \(small)), then try again"),
                "\(write)")
            #expect(!nudge("symptoms").stdout.contains("Headache"))
            let doctor = nudge("doctor")
            #expect(doctor.status != 0, "\(doctor)")
            #expect(
                doctor.stdout.contains(
                    "PROBLEM store: the disk of \(small) has 0 B free: SQLite needs about 1.0 MB there for its next write: no answer, dose or setting can be recorded\n        fix: free space on it (df -h \(small))"
                ), "\(doctor)")
            // What doctor could read is said; the store it cannot write is not "ok".
            #expect(doctor.stdout.contains("ok      integrity: ok"), "\(doctor)")
            // The file's journal, not the mode of the copy in memory doctor read (hostile round 30).
            #expect(doctor.stdout.contains(", journal wal\n"), "\(doctor)")
            #expect(!doctor.stdout.contains("ok      store:"), "\(doctor)")
        }
    }

    /// SQLite shares a process's -shm among its connections to a file: a reader that kept the
    /// one it opened read-only would leave a writer opened beside it unable to write for good,
    /// even once there is room.
    @Test(.enabled(if: getuid() == 0)) func aStoreReadOnTheFullDiskLeavesAWriterBesideItWriting() throws {
        try onAFullDisk {
            let reading = try Store(readingOnly: store)
            #expect(try reading.settings()[BackupPolicy.enabled] == "true")
            try FileManager.default.removeItem(atPath: small + "/fill")
            let writing = try Store(path: store)
            try writing.setSetting(BackupPolicy.enabled, to: "false", at: Date())
            #expect(try Store(readingOnly: store).settings()[BackupPolicy.enabled] == "false")
            withExtendedLifetime(reading) {}
        }
    }
}
