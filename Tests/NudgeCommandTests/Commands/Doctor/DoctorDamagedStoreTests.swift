import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// doctor on a store SQLite finds damaged (hostile round 27 on issue 39): its fix said "see
/// the message" while every other command named the newest sound backup's time and the command
/// that restores it. It says the same; with no backup, it says there is none and what to do.
struct DoctorDamagedStoreTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    func nudge(_ arguments: String..., at fakeNow: String) -> CommandResult {
        InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "America/New_York", "NUDGE_FAKE_NOW": fakeNow])
    }

    /// A symptom logged and backed up at 09:00, then the page of nudge's migrations zeroed.
    func damaged() throws {
        #expect(nudge("log", "symptom", "s", "--severity", "2", at: "2026-11-22T08:00:00-05:00").status == 0)
        #expect(nudge("backup", at: "2026-11-22T09:00:00-05:00").status == 0)
        let root = try #require(
            Int(
                try StoreQuery.rows(store, "SELECT rootpage FROM sqlite_master WHERE name = 'grdb_migrations'").first?[
                    "rootpage"] ?? ""))
        try DatabaseQueue(path: store).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        try handle.seek(toOffset: UInt64((root - 1) * 4096))
        handle.write(Data(count: 4096))
        try handle.close()
    }

    @Test func doctorNamesTheNewestSoundBackupAndTheCommandAsEveryCommandDoes() throws {
        try damaged()
        let refused = nudge("symptoms", at: "2026-11-22T10:00:00-05:00")
        let restore = "restore the backup of 2026-11-22 09:00 EST with: nudge --store \(store) restore --latest"
        #expect(refused.status == 65 && refused.stderr.contains(restore), "\(refused)")
        let doctor = nudge("doctor", at: "2026-11-22T10:00:00-05:00")
        #expect(doctor.status != 0, "\(doctor)")
        #expect(doctor.stdout.contains("PROBLEM store: \(store) is damaged ("), "\(doctor)")
        #expect(doctor.stdout.contains("\n        fix: \(restore)\n"), "\(doctor)")
        #expect(!doctor.stdout.contains("see the message"), "\(doctor)")
    }

    @Test func doctorSaysThereIsNoSoundBackupAndWhatToDo() throws {
        try damaged()
        try FileManager.default.removeItem(atPath: store + ".backups")
        let doctor = nudge("doctor", at: "2026-11-22T10:00:00-05:00")
        #expect(
            doctor.stdout.contains(
                "\n        fix: \(store).backups has no sound backup; keep a copy of the file, and choose another store with --store PATH\n"
            ), "\(doctor)")
        #expect(!doctor.stdout.contains("see the message"), "\(doctor)")
    }
}
