import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A `backup.directory` another program wrote, seen by the daemon (issue 39, fourth round): it
/// is recorded beside the store with the folder named before, and the daemon's warnings count
/// the store's backups there.
@Suite(.ownThread, .daemonOnBus)
struct BackupDirectoryChangeTests: DaemonScenario {
    /// The folder cannot be made (it is under a file), so the daemon's backup fails: "There is
    /// no earlier backup" was said, with one in the folder named before.
    @Test func anotherProgramsFolderIsRecordedAndTheFormerOneCounted() throws {
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
        #expect(daemon.waitForLog("the backup failed"), "\(daemon.stderr)")
        let failed = bus.waitForNotify(count: 1).filter { $0.summary == "Today's backup failed" }
        #expect(failed.first?.body.contains("The earlier backup is kept;") == true, "\(failed)")
        let data = try Data(contentsOf: URL(fileURLWithPath: store + ".backup-location"))
        // Not all strings: the failure itself is recorded beside them (`failedBackup`).
        let location = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(
            location?["directory"] as? String == unusable
                && location?["formerDirectory"] as? String == store + ".backups"
                && (location?["failedBackup"] as? [String: Any])?["directory"] as? String == unusable,
            "\(String(describing: location))")
    }
}
