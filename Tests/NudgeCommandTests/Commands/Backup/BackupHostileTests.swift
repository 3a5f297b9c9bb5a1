import Foundation
import GRDB
import NudgeCommands
import NudgeCore
import NudgeStore
import NudgeTestSupport
import Synchronization
import Testing

@testable import nudge

/// Backups as a second hostile tester tried them (issue 39): a restore into a new place, a
/// store named as a backup, a backup opened for writing, a spoiled identity, a store folder
/// not made yet, and the partial files of a killed backup.
struct BackupHostileTests {
    let directory = TemporaryDirectory()
    var shared: String { directory.file("sharedbk") }
    var store: String { directory.file("nudge.sqlite") }
    let environment = ["TZ": "UTC"]

    @discardableResult
    func nudge(_ store: String, _ arguments: String..., at fakeNow: String, expecting status: Int32 = 0)
        -> CommandResult
    {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: environment.merging(["NUDGE_FAKE_NOW": fakeNow]) { $1 })
        #expect(result.status == status, "\(arguments): \(result)")
        return result
    }

    func identity(_ store: String) throws -> String? {
        try StoreQuery.rows(store, "SELECT value FROM store_metadata WHERE key = 'store_identity'").first?["value"]
    }

    func listed(_ store: String, at fakeNow: String) throws -> [String] {
        let text = nudge(store, "backups", "--json", at: fakeNow).stdout
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        return rows.compactMap { ($0["path"] as? String).map { ($0 as NSString).lastPathComponent } }
    }

    /// A store and one backup of it in the shared folder, taken at 09:00 UTC.
    func storeWithABackup(_ path: String) throws -> String {
        try? FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        nudge(path, "settings", "set", "backup.directory", shared, at: "2026-11-22T08:00:00Z")
        nudge(path, "log", "symptom", "sneeze", "--severity", "2", at: "2026-11-22T08:00:00Z")
        nudge(path, "backup", at: "2026-11-22T09:00:00Z")
        return shared + "/nudge-20261122T090000Z.sqlite"
    }

    /// A restore into a store not there yet gives it an identity of its own: the two stores
    /// then share the folder, each thinning only its own backups.
    @Test func aRestoreIntoANewPlaceIsANewStore() throws {
        let backup = try storeWithABackup(store)
        let other = directory.file("s21.sqlite")
        nudge(other, "restore", backup, "--yes", at: "2026-11-22T09:30:00Z")
        let (original, restored) = (try identity(store), try identity(other))
        #expect(restored.flatMap(UUID.init(uuidString:)) != nil && restored != original, "\(restored ?? "none")")
        nudge(other, "backup", at: "2026-11-22T10:00:00Z")
        // The original's second backup of the day removes its first, never the other store's.
        nudge(store, "backup", at: "2026-11-22T11:00:00Z")
        #expect(try listed(other, at: "2026-11-22T12:00:00Z") == ["nudge-20261122T100000Z.sqlite"])
        #expect(try listed(store, at: "2026-11-22T12:00:00Z") == ["nudge-20261122T110000Z.sqlite"])
    }

    /// A store SQLite cannot read, replaced by the rename, keeps the identity recorded beside
    /// it, not that of the other store whose backup was restored.
    @Test func aDamagedStoreReplacedKeepsItsIdentity() throws {
        _ = try storeWithABackup(store)
        let own = try #require(try identity(store))
        let other = directory.file("other.sqlite")
        nudge(other, "settings", "set", "backup.directory", shared, at: "2026-11-22T08:00:00Z")
        nudge(other, "backup", at: "2026-11-22T09:30:00Z")
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: store))
        for suffix in ["-wal", "-shm"] { unlink(store + suffix) }
        let restored = nudge(
            store, "restore", shared + "/nudge-20261122T093000Z.sqlite", "--yes", at: "2026-11-22T10:00:00Z")
        #expect(restored.stdout.contains("the damaged file was replaced"), "\(restored)")
        #expect(try identity(store) == own)
    }

    /// A store named as a backup in its own backup folder: never listed, never thinned.
    @Test func theStoreNamedAsABackupIsNeverThinned() throws {
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false)
        let named = shared + "/nudge-20261101T000000Z.sqlite"
        nudge(named, "settings", "set", "backup.directory", shared, at: "2026-11-01T08:00:00Z")
        nudge(named, "log", "symptom", "s", "--severity", "2", at: "2026-11-01T08:00:00Z")
        nudge(named, "backup", at: "2026-11-01T09:00:00Z")
        // The store's name says 00:00 of the same day: the policy alone would remove it.
        nudge(named, "backup", at: "2026-11-01T10:00:00Z")
        #expect(FileManager.default.fileExists(atPath: named))
        #expect(try listed(named, at: "2026-11-01T12:00:00Z") == ["nudge-20261101T100000Z.sqlite"])
        #expect(try StoreQuery.rows(named, "SELECT count(*) AS n FROM symptom_entries").first?["n"] == "1")
    }

    /// A backup is not opened for writing (it would be a second store with the first's
    /// identity); reading commands read it.
    @Test func aBackupIsNotOpenedForWriting() throws {
        let backup = try storeWithABackup(store)
        let before = try Data(contentsOf: URL(fileURLWithPath: backup))
        let refused = nudge(
            backup, "log", "symptom", "oops", "--severity", "2", at: "2026-11-22T10:00:00Z", expecting: 65)
        #expect(
            refused.stderr
                == "nudge: \(backup) is a backup taken at 2026-11-22T09:00:00Z; it was left untouched; restore it in place of the store it was taken from with: nudge --store \(store) restore \(backup)\n",
            "\(refused)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == before)
        let read = nudge(backup, "symptoms", "list", at: "2026-11-22T10:00:00Z")
        #expect(read.stdout.contains("sneeze"), "\(read)")
    }

    /// A backup a person copied over the store by hand (under the store's name) is the store
    /// from its first write: it keeps its identity, is written to, and is a backup no more.
    @Test func aBackupCopiedOverTheStoreByHandBecomesTheStore() throws {
        let backup = try storeWithABackup(store)
        let own = try identity(store)
        nudge(store, "log", "symptom", "lost", "--severity", "2", at: "2026-11-22T09:30:00Z")
        for suffix in ["", "-wal", "-shm"] { unlink(store + suffix) }
        try FileManager.default.copyItem(atPath: backup, toPath: store)
        nudge(store, "log", "symptom", "after", "--severity", "2", at: "2026-11-22T10:00:00Z")
        #expect(try identity(store) == own)
        #expect(
            try StoreQuery.rows(store, "SELECT value FROM store_metadata WHERE key = 'backup_taken_at'").isEmpty)
        #expect(
            try StoreQuery.rows(store, "SELECT name FROM symptom_entries ORDER BY logged_at").map { $0["name"] } == [
                "sneeze", "after",
            ])
    }

    /// An identity another program spoiled is taken as none: the store gets the one recorded
    /// beside it back, and nothing spoiled is written anywhere.
    @Test(arguments: ["''", "'not-a-uuid'", "x'00ff'"])
    func aSpoiledIdentityIsRecoveredFromBesideTheStore(_ spoiled: String) throws {
        _ = try storeWithABackup(store)
        let own = try #require(try identity(store))
        try DatabaseQueue(path: store).write { db in
            try db.execute(sql: "UPDATE store_metadata SET value = \(spoiled) WHERE key = 'store_identity'")
        }
        // Before any writer claims it again, the store's backups are its own.
        #expect(try listed(store, at: "2026-11-22T10:00:00Z") == ["nudge-20261122T090000Z.sqlite"])
        nudge(store, "backup", at: "2026-11-23T09:00:00Z")
        #expect(try identity(store) == own)
        let location = try String(contentsOfFile: store + ".backup-location", encoding: .utf8)
        #expect(location.contains("\"identity\":\"\(own)\""), "\(location)")
        #expect(try listed(store, at: "2026-11-23T10:00:00Z").count == 2)
        nudge(store, "restore", "--latest", "--yes", at: "2026-11-23T10:00:00Z")
    }

    /// On a new computer the store's folder is not there yet: a restore makes it, 0700.
    @Test func aRestoreMakesTheStoresFolder() throws {
        let backup = try storeWithABackup(store)
        let folder = directory.file("fresh/share/nudge")
        nudge(folder + "/nudge.sqlite", "restore", backup, "--yes", at: "2026-11-22T10:00:00Z")
        var status = stat()
        #expect(stat(folder, &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(
            try StoreQuery.rows(folder + "/nudge.sqlite", "SELECT count(*) AS n FROM symptom_entries").first?["n"]
                == "1")
    }

    /// The partial files of a killed backup go at the next `nudge backup` once no process holds
    /// them, however young; one a live backup holds stays, however old.
    @Test func aBackupRemovesThePartialFilesOfAKilledOne() throws {
        _ = try storeWithABackup(store)
        let abandoned = shared + "/.nudge-nudge-20261122T100000Z.sqlite.a1B2c3"
        let held = shared + "/.nudge-nudge-20261122T100500Z.sqlite.d4E5f6"
        for (path, age) in [(abandoned, 60.0), (held, 7200.0), (abandoned + "-journal", 60.0)] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("partial".utf8)))
            let then = Date().addingTimeInterval(-age)
            try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: path)
        }
        let holder = open(held, O_RDONLY | O_CLOEXEC)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        nudge(store, "backup", at: "2026-11-23T09:00:00Z")
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(!FileManager.default.fileExists(atPath: abandoned + "-journal"))
        #expect(FileManager.default.fileExists(atPath: held))
    }

    /// A restore that waits for another program's write lock says so once, after about 2 s,
    /// and restores once the lock is let go of.
    @Test func aRestoreWaitingForTheLockSaysSo() throws {
        let backup = try storeWithABackup(store)
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: store, configuration: holding)
        try holder.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let run = WaitingRun()
        let environment = CommandEnvironment(
            variables: NudgeBinary.environment(
                self.environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T10:00:00Z"]) { $1 }),
            output: { _ in }, errors: { run.heard($0) })
        let thread = Thread {
            let status = CommandEnvironment.$current.withValue(environment) {
                Nudge.execute(["restore", backup, "--yes", "--store", store])
            }
            run.finish(status)
        }
        thread.start()
        #expect(run.told.wait(timeout: .now() + 30) == .success, "\(run.errors)")
        try holder.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
        #expect(run.finished.wait(timeout: .now() + 60) == .success)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors == "nudge: \(LockWait.notice)\n")
    }
}

/// What a command run on its own thread said on standard error, and when it ended.
private final class WaitingRun: Sendable {
    let told = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    private let state = Mutex<(errors: String, status: Int32?)>(("", nil))

    var errors: String { state.withLock { $0.errors } }
    var status: Int32? { state.withLock { $0.status } }

    func heard(_ text: String) {
        state.withLock { $0.errors += text }
        if text.contains(LockWait.notice) { told.signal() }
    }

    func finish(_ status: Int32) {
        state.withLock { $0.status = status }
        finished.signal()
    }
}
