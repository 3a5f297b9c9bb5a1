import Foundation
import NudgeTestSupport
import Testing

/// A backup that failed is named by doctor until the next is taken (hostile round 26 on issue
/// 39: the daemon's "Today's backup failed ... nudge doctor says more", and doctor said "ok
/// backups: newest ... checked ok" of the backup of the day before, and at 2 days "run the
/// daemon, or: nudge backup", which failed the same way).
struct FailedBackupDoctorTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    @discardableResult
    func nudge(_ arguments: String..., at now: String, status: Int32? = 0) -> CommandResult {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": now])
        #expect(status == nil || result.status == status, "\(arguments): \(result)")
        return result
    }

    /// A backup folder on a full disk (a 1 MB tmpfs, which root can mount): doctor names the
    /// failure, when and why, and says to free space or choose another folder; the backup
    /// taken once there is room again clears it.
    @Test(.enabled(if: getuid() == 0)) func doctorNamesTheLastFailedBackupUntilTheNextIsTaken() throws {
        nudge("log", "symptom", "Headache", "--severity", "3", at: "2026-11-21T20:00:00Z")
        let small = directory.file("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        let mount = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", small])
        try #require(mount.status == 0, "\(mount)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", small]) }
        nudge("settings", "set", "backup.directory", small, at: "2026-11-21T20:00:00Z")
        nudge("backup", at: "2026-11-21T20:00:00Z")
        _ = try Subprocess.run("/usr/bin/dd", ["if=/dev/zero", "of=\(small)/filler", "bs=64k", "count=64"])
        nudge("backup", at: "2026-11-22T03:30:00Z", status: 74)
        let doctor = nudge("doctor", at: "2026-11-22T20:00:00Z", status: nil).stdout
        #expect(
            doctor.contains(
                "PROBLEM backups: the last backup, at 2026-11-22 03:30 UTC (16h 30m ago), failed: cannot write a backup into \(small): the disk is full (a backup needs about "
            ), "\(doctor)")
        #expect(
            doctor.contains(
                "the store's size, and the disk of \(small) has 0 kB free); the newest taken is of 2026-11-21 20:00 UTC"
            ),
            "\(doctor)")
        #expect(
            doctor.contains("free space in \(small) (df -h \(small)), or set a folder on a disk with room"),
            "\(doctor)")
        #expect(!doctor.contains("checked ok"), "\(doctor)")
        #expect(unlink(small + "/filler") == 0)
        nudge("backup", at: "2026-11-22T21:00:00Z")
        let after = nudge("doctor", at: "2026-11-22T21:00:00Z", status: nil).stdout
        #expect(!after.contains("failed") && after.contains("ok      backups: newest 2026-11-22 21:00 UTC"), "\(after)")
    }
}
