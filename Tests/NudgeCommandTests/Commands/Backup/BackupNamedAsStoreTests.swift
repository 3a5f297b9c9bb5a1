import Foundation
import NudgeTestSupport
import Testing

/// A backup named as the store (`--store BACKUP`) of `restore` and `backup` (issue 39, fourth
/// hostile round): README says a backup is never opened for writing, so neither writes into
/// it nor beside it, as `log` and `settings set` do not.
struct BackupNamedAsStoreTests {
    let directory = TemporaryDirectory()
    var shared: String { directory.file("backups") }
    var store: String { directory.file("nudge.sqlite") }

    @discardableResult
    func nudge(_ store: String, _ arguments: String..., at fakeNow: String, expecting status: Int32 = 0)
        -> CommandResult
    {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow])
        #expect(result.status == status, "\(arguments): \(result)")
        return result
    }

    /// October's backup and today's, of a store whose diary grew in between.
    func twoBackups() -> (october: String, today: String) {
        nudge(store, "settings", "set", "backup.directory", shared, at: "2026-10-01T08:00:00Z")
        nudge(store, "log", "symptom", "october", "--severity", "2", at: "2026-10-01T08:00:00Z")
        nudge(store, "backup", at: "2026-10-01T09:00:00Z")
        nudge(store, "log", "symptom", "november", "--severity", "2", at: "2026-11-22T08:00:00Z")
        nudge(store, "backup", at: "2026-11-22T09:00:00Z")
        return (shared + "/nudge-20261001T090000Z.sqlite", shared + "/nudge-20261122T090000Z.sqlite")
    }

    func folder() throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: shared) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: shared + "/" + name))
        }
        return files
    }

    /// `restore TODAY --store OCTOBER` wrote today's diary into October's backup.
    @Test func aRestoreIntoABackupIsRefused() throws {
        let (october, today) = twoBackups()
        let before = try folder()
        let refused = nudge(october, "restore", today, "--yes", at: "2026-11-22T10:00:00Z", expecting: 65)
        #expect(
            refused.stderr
                == "nudge: \(october) is a backup taken at 2026-10-01T09:00:00Z; it was left untouched; restore it in place of the store it was taken from with: nudge --store \(store) restore \(october)\n",
            "\(refused)")
        #expect(try folder() == before)
    }

    /// `backup --store OCTOBER` made a "backup" of October's diary under the store's identity,
    /// thinned today's real one away, and wrote a backup location into the folder.
    @Test func aBackupOfABackupIsRefused() throws {
        let (october, _) = twoBackups()
        let before = try folder()
        let refused = nudge(october, "backup", at: "2026-11-22T10:00:00Z", expecting: 65)
        #expect(
            refused.stderr.hasSuffix(
                "is a backup taken at 2026-10-01T09:00:00Z; it was left untouched; restore it in place of the store it was taken from with: nudge --store \(store) restore \(october)\n"
            )
                && refused.stderr.split(separator: "\n").count == 1, "\(refused)")
        #expect(try folder() == before)
    }

    /// Doctor and upcoming on a backup (hostile round 18 on issue 39): they advised starting a
    /// daemon there and taking its backups, which nudge never does to a backup.
    @Test func doctorAndUpcomingOnABackupSayItIsOne() throws {
        let (_, today) = twoBackups()
        let before = try folder()
        let doctor = nudge(today, "doctor", at: "2026-11-22T10:00:00Z", expecting: 1)
        #expect(
            doctor.stdout.contains(
                "WARNING store: \(today) is a backup taken at 2026-11-22T09:00:00Z: nudge reads it and never writes it, so no daemon runs on it and it is not backed up\n        fix: to restore it in place of its store: nudge --store \(store) restore \(today)"
            ), "\(doctor)")
        #expect(
            !doctor.stdout.contains("daemon: none runs") && !doctor.stdout.contains("backups: none yet"), "\(doctor)")
        let upcoming = nudge(today, "upcoming", at: "2026-11-22T10:00:00Z")
        #expect(
            upcoming.stderr
                == "nudge: this store is a backup, which no daemon runs on: these are what its store would show\n",
            "\(upcoming)")
        #expect(try folder() == before)
    }
}
