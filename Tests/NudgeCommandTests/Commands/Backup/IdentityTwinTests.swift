import Foundation
import NudgeTestSupport
import Testing

/// Two live stores with one identity (issue 39, thirteenth round, items 3 and 4): their backups
/// looked like one store's, and each thinned the other's. Backups record the path and inode of
/// the store they were taken from, by which the other store is found.
struct IdentityTwinTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var moved: String { directory.file("moved.sqlite") }

    @discardableResult
    func nudge(_ arguments: String..., store path: String? = nil, at fakeNow: String) -> CommandResult {
        let result = InProcessNudge.run(
            arguments + ["--store", path ?? store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": fakeNow])
        #expect(result.status == 0, "\(arguments): \(result)")
        return result
    }

    /// Runs `sql` on the file at `path` with sqlite3, as another program would.
    func sqlite(_ path: String, _ sql: String) throws {
        let result = try Subprocess.run("/usr/bin/sqlite3", [path, sql])
        #expect(result.status == 0, "\(result)")
    }

    func identity(_ path: String) throws -> String? {
        try StoreQuery.rows(path, "SELECT value FROM store_metadata WHERE key = 'store_identity'").first?["value"]
    }

    /// `mv nudge.sqlite moved.sqlite`, then `restore --latest` at the old path: the new store
    /// took the moved one's identity (from the `STORE.backup-location` left beside the path).
    @Test func aStoreRestoredWhereTheMovedOneWasGetsAnIdentityOfItsOwn() throws {
        nudge("log", "symptom", "sneeze", "--severity", "2", at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        let before = try #require(try identity(store))
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: store + suffix) {
            try FileManager.default.moveItem(atPath: store + suffix, toPath: moved + suffix)
        }
        let restored = nudge("restore", "--latest", "--yes", at: "2026-11-20T10:00:00Z")
        #expect(
            restored.stdout.contains(
                "; the store whose identity the backup carries lives on at \(moved), so this store got an identity of its own"
            ), "\(restored)")
        #expect(try identity(moved) == before)
        #expect(try identity(store) != before)
    }

    /// Moved to another folder that shares the backup folder, backed up there, and the older
    /// backup restored at the old path: the path the newer backup records holds the identity
    /// the `STORE.backup-location` left at the old path names.
    @Test func aStoreMovedAwayIsFoundByThePathItsBackupsRecord() throws {
        let shared = directory.file("backups")
        let away = directory.file("away")
        try FileManager.default.createDirectory(atPath: away, withIntermediateDirectories: false)
        let elsewhere = away + "/nudge.sqlite"
        nudge("settings", "set", "backup.directory", shared, at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        // STORE.backup-location stays at the old path, naming the identity.
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: store + suffix) {
            try FileManager.default.moveItem(atPath: store + suffix, toPath: elsewhere + suffix)
        }
        nudge("backup", store: elsewhere, at: "2026-11-21T09:00:00Z")
        let restored = nudge(
            "restore", shared + "/nudge-20261120T090000Z.sqlite", "--yes", at: "2026-11-21T10:00:00Z")
        #expect(restored.stdout.contains("lives on at \(elsewhere), so this store got an identity"), "\(restored)")
        #expect(try identity(store) != identity(elsewhere))
    }

    /// Another program writes one store's identity into another that shares its backup folder:
    /// the second's backup no longer thins the first's of the same day, and doctor names it,
    /// with a fix that works.
    @Test func anIdentityWrittenIntoAnotherStoreIsNamedAndNotThinned() throws {
        let shared = directory.file("backups")
        let other = directory.file("other.sqlite")
        for path in [store, other] {
            nudge("settings", "set", "backup.directory", shared, store: path, at: "2026-11-20T08:00:00Z")
        }
        nudge("backup", at: "2026-11-20T09:00:00Z")
        let first = shared + "/nudge-20261120T090000Z.sqlite"
        let identity = try #require(try identity(store))
        try sqlite(other, "UPDATE store_metadata SET value = '\(identity)' WHERE key = 'store_identity'")
        nudge("backup", store: other, at: "2026-11-20T10:00:00Z")
        #expect(FileManager.default.fileExists(atPath: first))

        let doctor = InProcessNudge.run(
            ["doctor", "--store", other], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-20T11:00:00Z"])
        #expect(doctor.stdout.contains("PROBLEM backups: the store at \(store) has this store's identity"), "\(doctor)")
        let fix = try #require(
            doctor.stdout.components(separatedBy: "if it is this one: ").dropFirst().first?
                .components(separatedBy: "\n").first, "\(doctor)")
        let ran = try Subprocess.run(
            "/bin/sh", ["-c", try #require(fix.components(separatedBy: " && nudge ").first)])
        #expect(fix.hasSuffix("&& nudge --store \(other) backup"), "\(fix)")
        #expect(ran.status == 0, "\(ran)")
        nudge("backup", store: other, at: "2026-11-20T12:00:00Z")
        let after = InProcessNudge.run(
            ["doctor", "--store", other], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-20T12:30:00Z"])
        #expect(!after.stdout.contains("has this store's identity"), "\(after)")
        #expect(FileManager.default.fileExists(atPath: first))
    }
}

extension IdentityTwinTests {
    /// With one identity in two stores, the other's newer backup is neither listed nor taken by
    /// `restore --latest`, which would have put the other store's diary in place of this one's.
    @Test func restoreLatestTakesOnlyItsOwnStoresBackup() throws {
        let shared = directory.file("backups")
        let other = directory.file("other.sqlite")
        for path in [store, other] {
            nudge("settings", "set", "backup.directory", shared, store: path, at: "2026-11-20T08:00:00Z")
        }
        nudge("log", "symptom", "mine", "--severity", "2", at: "2026-11-20T08:30:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        try sqlite(
            other,
            "UPDATE store_metadata SET value = '\(try #require(try identity(store)))' WHERE key = 'store_identity'")
        nudge("backup", store: other, at: "2026-11-20T10:00:00Z")
        let listed = nudge("backups", at: "2026-11-20T11:00:00Z")
        #expect(!listed.stdout.contains("nudge-20261120T100000Z"), "\(listed)")
        let restored = nudge("restore", "--latest", "--yes", at: "2026-11-20T11:00:00Z")
        #expect(restored.stdout.hasPrefix("restored the backup of 2026-11-20 09:00 UTC"), "\(restored)")
    }

    /// The twin is given an identity of its own afterwards (doctor's fix) or removed: the
    /// backup it took while it carried this store's identity records another path and inode,
    /// and is still not this store's (hostile round 13: `restore --latest` put the other
    /// store's diary in place of this one's, unsaid).
    @Test(arguments: [true, false]) func aFormerTwinsBackupStaysAnotherStores(removed: Bool) throws {
        let shared = directory.file("backups")
        let other = directory.file("other.sqlite")
        for path in [store, other] {
            nudge("settings", "set", "backup.directory", shared, store: path, at: "2026-11-20T08:00:00Z")
        }
        nudge("log", "symptom", "mine", "--severity", "2", at: "2026-11-20T08:30:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        let identity = try #require(try identity(store))
        try sqlite(other, "UPDATE store_metadata SET value = '\(identity)' WHERE key = 'store_identity'")
        nudge("backup", store: other, at: "2026-11-20T10:00:00Z")
        if removed {
            try FileManager.default.removeItem(atPath: other)
        } else {
            try sqlite(
                other,
                "UPDATE store_metadata SET value = '\(UUID().uuidString.lowercased())' WHERE key = 'store_identity'")
        }
        let listed = nudge("backups", at: "2026-11-20T11:00:00Z")
        #expect(!listed.stdout.contains("nudge-20261120T100000Z.sqlite  "), "\(listed)")
        #expect(listed.stdout.contains("1 backup of another store is in \(shared) too"), "\(listed)")
        let restored = nudge("restore", "--latest", "--yes", at: "2026-11-20T11:00:00Z")
        #expect(restored.stdout.hasPrefix("restored the backup of 2026-11-20 09:00 UTC"), "\(restored)")
        let doctor = InProcessNudge.run(
            ["doctor", "--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-20T11:30:00Z"])
        #expect(doctor.stdout.contains("backups: newest 2026-11-20 09:00"), "\(doctor)")
    }

    /// No identity anywhere and two stores' backups in the folder: doctor counts neither as
    /// this store's, as `backups` and `restore --latest` do (hostile round 13: "checked ok; 2 kept").
    @Test func doctorSaysWhenTheStoresBackupsCannotBeToldApart() throws {
        nudge("log", "symptom", "mine", "--severity", "2", at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        let other = directory.file("other.sqlite")
        nudge("log", "symptom", "other", "--severity", "1", store: other, at: "2026-11-20T09:30:00Z")
        nudge(
            "backup", "--output", store + ".backups/nudge-20261120T093000Z.sqlite", store: other,
            at: "2026-11-20T09:30:00Z")
        for suffix in ["", "-wal", "-shm", ".backup-location"] { unlink(store + suffix) }
        let doctor = InProcessNudge.run(
            ["doctor", "--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-20T10:00:00Z"])
        #expect(doctor.stdout.contains("holds the backups of 2 stores, so restore --latest cannot tell"), "\(doctor)")
        #expect(!doctor.stdout.contains("checked ok"), "\(doctor)")
    }

    /// Another program deleted the store's identity and STORE.backup-location is gone: the
    /// store keeps the identity of the backups taken from its path (hostile round 14: `backups`
    /// listed them, `restore --latest` refused, and the refusal gave the store a new identity,
    /// making its own backups another store's for good).
    @Test func aStoreWhoseIdentityWasDeletedKeepsItsBackups() throws {
        nudge("log", "symptom", "mine", "--severity", "1", at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        nudge("log", "symptom", "later", "--severity", "1", at: "2026-11-20T09:30:00Z")
        let before = try #require(try identity(store))
        try sqlite(store, "DELETE FROM store_metadata WHERE key = 'store_identity'")
        unlink(store + ".backup-location")
        let restored = nudge("restore", "--latest", "--yes", at: "2026-11-20T10:00:00Z")
        #expect(restored.stdout.hasPrefix("restored the backup of 2026-11-20 09:00 UTC"), "\(restored)")
        #expect(try identity(store) == before)
    }

    /// A new store made where a lost one was (`rm nudge.sqlite*`, then a diary entry) is
    /// another file: it never takes the lost store's backups as its own, which its backups
    /// would thin.
    @Test func aNewStoreWhereALostOneWasTakesNoneOfItsBackups() throws {
        nudge("log", "symptom", "mine", "--severity", "1", at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        let lost = try #require(try identity(store))
        for suffix in ["", "-wal", "-shm", ".backup-location"] { unlink(store + suffix) }
        nudge("log", "symptom", "new", "--severity", "1", at: "2026-11-20T10:00:00Z")
        #expect(try identity(store) != lost)
    }

    /// A twin given an identity of its own (doctor's fix) after the store it copied took a
    /// backup: the twin's listing names, as "a store at this same path", only the backup taken
    /// from its own file, never the other store's (hostile round 15: its printed restore line
    /// put the other store's diary in place).
    @Test func theTwinsListingNamesOnlyItsOwnFormerIdentitysBackup() throws {
        let shared = directory.file("backups")
        let twin = directory.file("twin.sqlite")
        for path in [store, twin] {
            nudge("settings", "set", "backup.directory", shared, store: path, at: "2026-11-20T08:00:00Z")
        }
        let identity = try #require(try identity(store))
        try sqlite(twin, "UPDATE store_metadata SET value = '\(identity)' WHERE key = 'store_identity'")
        nudge("backup", store: twin, at: "2026-11-20T09:00:00Z")
        try sqlite(
            twin, "UPDATE store_metadata SET value = '\(UUID().uuidString.lowercased())' WHERE key = 'store_identity'")
        nudge("backup", at: "2026-11-20T10:00:00Z")
        let listed = nudge("backups", store: twin, at: "2026-11-20T11:00:00Z")
        #expect(
            listed.stdout.contains(
                "1 backup of a store at this same path with another identity"), "\(listed)")
        #expect(
            listed.stdout.contains("nudge --store \(twin) restore \(shared)/nudge-20261120T090000Z.sqlite --yes"),
            "\(listed)")
        #expect(!listed.stdout.contains("nudge-20261120T100000Z.sqlite --yes"), "\(listed)")
    }

    /// Its backups carry two identities (another program wrote a new one between them), then
    /// the identity and STORE.backup-location are deleted: the store takes the newest one's,
    /// in the listing before any write too (hostile round 15: "cannot be known (no store…)",
    /// then a new identity that orphaned both).
    @Test func aStoreWhoseBackupsCarryTwoIdentitiesTakesTheNewests() throws {
        nudge("log", "symptom", "mine", "--severity", "1", at: "2026-11-19T08:00:00Z")
        nudge("backup", at: "2026-11-19T09:00:00Z")
        let second = UUID().uuidString.lowercased()
        try sqlite(store, "UPDATE store_metadata SET value = '\(second)' WHERE key = 'store_identity'")
        nudge("log", "symptom", "later", "--severity", "1", at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        try sqlite(store, "DELETE FROM store_metadata WHERE key = 'store_identity'")
        unlink(store + ".backup-location")
        let listed = nudge("backups", at: "2026-11-20T10:00:00Z")
        #expect(!listed.stdout.contains("cannot be known"), "\(listed)")
        #expect(listed.stdout.contains("nudge-20261120T090000Z.sqlite"), "\(listed)")
        let restored = nudge("restore", "--latest", "--yes", at: "2026-11-20T10:00:00Z")
        #expect(restored.stdout.hasPrefix("restored the backup of 2026-11-20 09:00 UTC"), "\(restored)")
        #expect(try identity(store) == second)
    }

    /// A new store where a lost one was, given the lost file's inode by the file system, whose
    /// identity another program then deletes: the lost store's backup records this path and
    /// this inode, but was taken before this store's identity was made, and is not taken
    /// (hostile round 15: ext4 reused the inode, and the discarded diary came back by
    /// `restore --latest`). The reuse is stood in for by writing the new inode into the backup.
    @Test func aBackupTakenBeforeTheIdentityWasMadeIsAnotherStoresEvenAtTheSameInode() throws {
        nudge("log", "symptom", "old", "--severity", "1", at: "2026-11-19T08:00:00Z")
        nudge("backup", at: "2026-11-19T09:00:00Z")
        let lost = try #require(try identity(store))
        for suffix in ["", "-wal", "-shm", ".backup-location"] { unlink(store + suffix) }
        nudge("log", "symptom", "new", "--severity", "1", at: "2026-11-20T08:00:00Z")
        var status = stat()
        try #require(stat(store, &status) == 0)
        let backup = store + ".backups/nudge-20261119T090000Z.sqlite"
        try sqlite(backup, "UPDATE store_metadata SET value = '\(status.st_ino)' WHERE key = 'backup_store_inode'")
        try sqlite(store, "DELETE FROM store_metadata WHERE key = 'store_identity'")
        // Before any write too (hostile round 16: backups listed it and doctor said ok).
        let unwritten = nudge("backups", at: "2026-11-20T08:30:00Z")
        #expect(!unwritten.stdout.contains("nudge-20261119T090000Z.sqlite  "), "\(unwritten)")
        // Named as the lost store at this path's, restored only by its path.
        #expect(unwritten.stdout.contains("1 backup of a store at this same path"), "\(unwritten)")
        nudge("log", "symptom", "newer", "--severity", "1", at: "2026-11-20T09:00:00Z")
        #expect(try identity(store) != lost)
        #expect(!nudge("backups", at: "2026-11-20T10:00:00Z").stdout.contains("nudge-20261119T090000Z.sqlite  "))
    }

    /// Another program's store moved over this one (`mv other.sqlite nudge.sqlite`), then the
    /// first backup of the new file: the displaced store's backups, taken from this path, are
    /// named as a store at this same path with the line that restores the newest (hostile
    /// round 17: counted "another store's" once the new file's backup was recorded). Moved
    /// away instead, the store lives on elsewhere and its backups stay another store's.
    @Test(arguments: [true, false]) func aStoreDisplacedFromThisPathIsNamedAsThisPaths(displaced: Bool) throws {
        nudge("log", "symptom", "mine", "--severity", "2", at: "2026-11-20T08:00:00Z")
        nudge("backup", at: "2026-11-20T09:00:00Z")
        let other = directory.file("other.sqlite")
        nudge("log", "symptom", "theirs", "--severity", "1", store: other, at: "2026-11-20T09:30:00Z")
        if !displaced {
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: store + suffix) {
                try FileManager.default.moveItem(atPath: store + suffix, toPath: moved + suffix)
            }
        }
        #expect(rename(other, store) == 0)
        nudge("backup", at: "2026-11-20T10:00:00Z")
        let listed = nudge("backups", at: "2026-11-20T11:00:00Z")
        let restoreLine = "nudge --store \(store) restore \(store).backups/nudge-20261120T090000Z.sqlite --yes"
        #expect(listed.stdout.contains("1 backup of a store at this same path") == displaced, "\(listed)")
        #expect(listed.stdout.contains(restoreLine) == displaced, "\(listed)")
        #expect(listed.stdout.contains("1 backup of another store is in") != displaced, "\(listed)")
    }
}
