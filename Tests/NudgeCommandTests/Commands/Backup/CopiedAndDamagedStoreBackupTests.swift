import Foundation
import GRDB
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeTestSupport
import Testing

/// Backups stay their store's when the store is copied or damaged (issue 39, as tried by a
/// hostile tester): a `cp` of the store is another store, and a store whose settings cannot
/// be read still finds the backups in the folder its `backup.directory` named.
struct CopiedAndDamagedStoreBackupTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var elsewhere: String { directory.file("elsewhere") }
    let environment = ["TZ": "America/New_York"]

    @discardableResult
    func nudge(_ store: String, _ arguments: String..., at fakeNow: String) -> CommandResult {
        var environment = self.environment
        environment["NUDGE_FAKE_NOW"] = fakeNow
        let result = InProcessNudge.run(arguments + ["--store", store], environment: environment)
        #expect(result.status == 0, "\(arguments): \(result)")
        return result
    }

    func listed(_ store: String) throws -> [String?] {
        let text = nudge(store, "backups", "--json", at: "2026-11-22T12:00:00-05:00").stdout
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        return rows.map { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } }
    }

    /// The copy's backup the same day thins nothing of the original's, and each lists its own.
    @Test func aCopyOfTheStoreNeitherThinsNorListsTheOriginalsBackups() throws {
        nudge(store, "settings", "set", "backup.directory", elsewhere, at: "2026-11-22T08:00:00-05:00")
        nudge(store, "log", "symptom", "s", "--severity", "2", at: "2026-11-22T08:00:00-05:00")
        nudge(store, "backup", at: "2026-11-22T09:00:00-05:00")
        let copy = directory.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: store, toPath: copy)
        let ofCopy = nudge(copy, "backup", at: "2026-11-22T10:00:00-05:00")
        #expect(!ofCopy.stdout.contains("removed"), "\(ofCopy)")
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/nudge-20261122T140000Z.sqlite"))
        #expect(try listed(copy) == ["nudge-20261122T150000Z.sqlite"])
        let table = nudge(copy, "backups", at: "2026-11-22T12:00:00-05:00").stdout
        #expect(
            table.hasSuffix(
                "\n1 backup of another store is in \(elsewhere) too, not listed; restore one by its path with --yes\n"),
            "\(table)")
        nudge(store, "log", "symptom", "t", "--severity", "2", at: "2026-11-22T11:00:00-05:00")
        #expect(try listed(store) == ["nudge-20261122T140000Z.sqlite"])
    }

    func identity(_ path: String) throws -> String? {
        try StoreQuery.rows(path, "SELECT value FROM store_metadata WHERE key = 'store_identity'").first?["value"]
    }

    /// One backup, in the folder the setting names, at 09:00.
    func backedUp() {
        nudge(store, "settings", "set", "backup.directory", elsewhere, at: "2026-11-22T08:00:00-05:00")
        nudge(store, "log", "symptom", "s", "--severity", "2", at: "2026-11-22T08:00:00-05:00")
        nudge(store, "backup", at: "2026-11-22T09:00:00-05:00")
    }

    /// A copy not written since lists none of the original's backups, as the identity its first
    /// write gives it would not: listing follows the same rule as writing.
    @Test func aCopyNotWrittenSinceListsNoneOfTheOriginalsBackups() throws {
        backedUp()
        let copy = directory.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: store, toPath: copy)
        #expect(try listed(copy) == [])
        let table = nudge(copy, "backups", at: "2026-11-22T12:00:00-05:00").stdout
        #expect(table.contains("1 backup of another store is in \(elsewhere) too"), "\(table)")
        #expect(try listed(store) == ["nudge-20261122T140000Z.sqlite"])
    }

    /// A backup copied by hand to a new name (neither a backup's nor its store's) and used as a
    /// store is another store: its first write gives it an identity of its own, and its backup
    /// the same day thins none of the original's.
    @Test func aBackupCopiedToANewNameIsAnotherStore() throws {
        backedUp()
        let copy = directory.file("copy.sqlite")
        try FileManager.default.copyItem(atPath: elsewhere + "/nudge-20261122T140000Z.sqlite", toPath: copy)
        nudge(copy, "log", "symptom", "t", "--severity", "2", at: "2026-11-22T10:00:00-05:00")
        #expect(try identity(copy) != nil && identity(copy) != identity(store))
        let ofCopy = nudge(copy, "backup", at: "2026-11-22T11:00:00-05:00")
        #expect(!ofCopy.stdout.contains("removed"), "\(ofCopy)")
        #expect(try listed(store) == ["nudge-20261122T140000Z.sqlite"])
        #expect(try listed(copy) == ["nudge-20261122T160000Z.sqlite"])
    }

    /// A backup copied within the backup folder under another name is the person's own copy:
    /// neither listed nor thinned, and named by doctor, so that it is not taken for a kept one.
    @Test func aBackupCopiedWithinItsFolderUnderAnotherNameIsNamedByDoctor() throws {
        backedUp()
        let kept = elsewhere + "/keep.sqlite"
        try FileManager.default.copyItem(atPath: elsewhere + "/nudge-20261122T140000Z.sqlite", toPath: kept)
        nudge(store, "backup", at: "2026-11-22T10:00:00-05:00")
        #expect(FileManager.default.fileExists(atPath: kept))
        #expect(try !listed(store).contains("keep.sqlite"))
        let findings = DoctorFindings.backupFindings(
            store: store, settings: nil, now: try #require(Timestamp.parse("2026-11-22T10:00:00-05:00")),
            clock: WallClock(zone: .system("America/New_York"))
        ).map(\.line)
        #expect(
            findings.contains {
                $0.hasPrefix("WARNING backups: keep.sqlite is a backup of this store taken at 2026-11-22 09:00")
                    && $0.contains("under a name nudge does not give its backups: it is neither listed nor thinned")
                    && $0.hasSuffix("rm \(kept)")
            }, "\(findings)")
        #expect(findings.filter { $0.contains("keep.sqlite") }.count == 1, "\(findings)")
    }

    /// The settings table's page zeroed: the refusal, doctor and `restore --latest` find the
    /// backup in the folder the setting named, recorded beside the store.
    @Test func aDamagedStoreFindsTheBackupsItsSettingPutElsewhere() throws {
        nudge(store, "settings", "set", "backup.directory", elsewhere, at: "2026-11-22T08:00:00-05:00")
        nudge(store, "log", "symptom", "s", "--severity", "2", at: "2026-11-22T08:00:00-05:00")
        nudge(store, "backup", at: "2026-11-22T09:00:00-05:00")
        let root = try #require(
            Int(
                try StoreQuery.rows(store, "SELECT rootpage FROM sqlite_master WHERE name = 'settings'").first?[
                    "rootpage"] ?? ""))
        try DatabaseQueue(path: store).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        try handle.seek(toOffset: UInt64((root - 1) * 4096))
        handle.write(Data(count: 4096))
        try handle.close()
        let refused = InProcessNudge.run(
            ["settings", "--store", store],
            environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T10:00:00-05:00"]) { $1 })
        #expect(refused.status == 65 && refused.stderr.contains("restore the backup of 2026-11-22 09:00"), "\(refused)")
        let findings = DoctorFindings.backupFindings(
            store: store, settings: nil, now: try #require(Timestamp.parse("2026-11-22T10:00:00-05:00")),
            clock: WallClock(zone: .system("America/New_York"))
        ).map(\.line)
        #expect(
            findings.contains { $0.contains("backups: newest 2026-11-22 09:00") && $0.contains(elsewhere) },
            "\(findings)")
        let restored = nudge(store, "restore", "--latest", "--yes", at: "2026-11-22T10:00:00-05:00")
        #expect(restored.stdout.hasPrefix("restored the backup of 2026-11-22 09:00"), "\(restored)")
        #expect(
            try StoreQuery.rows(store, "SELECT value FROM settings WHERE key = 'backup.directory'").first?["value"]
                == elsewhere)
    }

    /// A copied folder whose store file was then removed (ninth round): `restore --latest` into
    /// it took the original's identity from the copied STORE.backup-location, and the two stores
    /// then thinned each other's backups. The copy's location file names no identity of its own:
    /// the restored store gets a new one, and each store's backups stay its own.
    @Test func aCopiedLocationFileGivesNoIdentity() throws {
        let original = directory.file("a/nudge.sqlite")
        let copy = directory.file("c/nudge.sqlite")
        try FileManager.default.createDirectory(atPath: directory.file("a"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: directory.file("c"), withIntermediateDirectories: false)
        nudge(original, "settings", "set", "backup.directory", elsewhere, at: "2026-11-22T08:00:00-05:00")
        nudge(original, "log", "symptom", "s", "--severity", "2", at: "2026-11-22T08:00:00-05:00")
        nudge(original, "backup", at: "2026-11-22T09:00:00-05:00")
        try FileManager.default.copyItem(atPath: original + ".backup-location", toPath: copy + ".backup-location")
        // Not the original's store: its backups are not the copy's newest; restored by path.
        let latest = InProcessNudge.run(
            ["restore", "--latest", "--yes", "--store", copy],
            environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T10:00:00-05:00"]) { $1 })
        #expect(latest.status == 66 && latest.stderr.contains("give a backup's path instead"), "\(latest)")
        let backup = try #require(try FileManager.default.contentsOfDirectory(atPath: elsewhere).first)
        nudge(copy, "restore", elsewhere + "/" + backup, "--yes", at: "2026-11-22T10:00:00-05:00")
        let identity = { (store: String) in
            try StoreQuery.rows(store, "SELECT value FROM store_metadata WHERE key = 'store_identity'").first?["value"]
        }
        #expect(try identity(copy) != nil && identity(copy) != identity(original))
        // The original's location still names its identity: a restore into it keeps it.
        #expect(BackupLocation.read(store: original)?.identity == (try identity(original)))
    }
}
