import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// The daemon's own daily backup that fails: its notification sends the person to doctor
/// ("Today's backup failed ... nudge doctor says more"), and doctor names that failure, when,
/// where and why (hostile round 26 on issue 39: doctor said nothing; the fix was tested with
/// `nudge backup`'s failure alone, which goes through the same function).
extension BackupDirectoryChangeTests {
    @Test func theDaemonsFailedBackupIsShownAndNamedByDoctor() throws {
        try nudge("log", "symptom", "sneeze", "--severity", "3")
        try nudge("backup", at: "2026-11-21T12:00:00Z")
        #expect(FileManager.default.createFile(atPath: directory.file("a-file"), contents: Data()))
        let unusable = directory.file("a-file") + "/backups"
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql:
                    "INSERT INTO settings (key, value, updated_at) VALUES ('backup.directory', ?, '2026-11-22T00:00:00Z')",
                arguments: [unusable])
        }
        let daemon = try startDaemon(at: "2026-11-22T12:00:00Z")
        let failed = bus.waitForNotify(count: 1).filter { $0.summary == "Today's backup failed" }
        #expect(failed.first?.body.contains("nudge doctor") == true, "\(failed); \(daemon.stderr)")
        var environment = self.environment
        environment["NUDGE_FAKE_NOW"] = "2026-11-22T13:00:00Z"
        let doctor = try NudgeBinary.run(["doctor"], environment: environment).stdout
        #expect(
            doctor.contains("PROBLEM backups: the last backup, at 2026-11-22 07:00") && doctor.contains(unusable)
                && doctor.contains("the newest taken is of 2026-11-21 07:00"),
            "\(doctor)")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 10) == 0, "\(daemon.stderr)")
    }
}
