import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// Backups belong to their store (issue 39, item 4) and are ordered by the instant inside
/// them (item 6).
struct BackupIdentityTests {
    let directory = TemporaryDirectory()
    var shared: String { directory.file("shared-backups") }
    let clock = WallClock(zone: .system("UTC"))

    func instant(_ text: String) throws -> Date { try #require(Timestamp.parse(text)) }

    func store(_ name: String, symptoms: Int) throws -> Store {
        let store = try Store(path: directory.file(name))
        for index in 0..<symptoms {
            _ = try store.addSymptom(
                name: "\(name) \(index)", severity: 2, notes: nil, loggedAt: try instant("2026-11-24T08:00:00Z"),
                now: try instant("2026-11-24T08:00:00Z"))
        }
        return store
    }

    /// Two stores in one directory: each lists, restores and thins only its own; B's second
    /// backup of the day removes B's first, never A's (older the same day, so the policy alone
    /// would remove it).
    @Test func twoStoresSharingADirectoryEachSeeOnlyTheirOwn() throws {
        let a = try store("a.sqlite", symptoms: 2)
        let b = try store("b.sqlite", symptoms: 1)
        let (idA, idB) = (try #require(try a.identity()), try #require(try b.identity()))
        #expect(idA != idB)
        let ofA = try a.backUp(into: shared, at: try instant("2026-11-24T09:00:00Z"))
        let firstOfB = try b.backUp(into: shared, at: try instant("2026-11-24T10:00:00Z"))
        let now = try instant("2026-11-24T11:00:00Z")
        let secondOfB = try b.backUp(into: shared, at: now)
        #expect(ofA.origin == .store(idA) && secondOfB.origin == .store(idB))
        let removed = BackupDirectory.thin(shared, store: b.path, identity: idB, clock: clock, now: now)
        #expect(removed.map(\.path) == [firstOfB.path])
        #expect(BackupDirectory.list(in: shared, now: now, identity: idA).map(\.path) == [ofA.path])
        #expect(BackupDirectory.list(in: shared, now: now, identity: idB).map(\.path) == [secondOfB.path])
        #expect(BackupDirectory.newestSound(in: shared, now: now, identity: idA)?.path == ofA.path)
        #expect(BackupDirectory.newestSound(in: shared, now: now, identity: idB)?.path == secondOfB.path)
        // A store whose identity cannot be read takes none of two stores' backups.
        #expect(BackupDirectory.newestSound(in: shared, now: now, identity: nil) == nil)
    }

    /// A backup renamed to say the future is ordered by the instant inside it: it is neither
    /// ahead of the clock nor newer than one taken after it.
    @Test func aBackupNamedInTheFutureIsOrderedByItsInside() throws {
        let a = try store("a.sqlite", symptoms: 1)
        let taken = try instant("2026-11-24T09:00:00Z")
        let early = try a.backUp(into: shared, at: taken)
        let renamed = shared + "/" + BackupDirectory.fileName(for: try instant("2027-06-01T03:30:00Z"))
        #expect(rename(early.path, renamed) == 0)
        let now = try instant("2026-11-24T12:00:00Z")
        let later = try a.backUp(into: shared, at: try instant("2026-11-24T10:00:00Z"))
        let listed = BackupDirectory.list(in: shared, now: now)
        #expect(listed.map(\.path) == [later.path, renamed], "\(listed)")
        #expect(listed.last?.takenAt == taken && listed.last?.isAhead(of: now) == false)
    }

    /// A restore keeps the target's identity: of its own backup, nothing changes; of another
    /// store's, the target's later backups are still its own. A restore into no store makes a
    /// new one: the store the backup was of may still be there, sharing the backup folder.
    @Test func theIdentitySurvivesARestore() throws {
        let a = try store("a.sqlite", symptoms: 2)
        let b = try store("b.sqlite", symptoms: 1)
        let (idA, idB) = (try #require(try a.identity()), try #require(try b.identity()))
        let now = try instant("2026-11-24T09:00:00Z")
        let ofA = try a.backUp(into: shared, at: now)
        _ = try Store.restore(a.path, from: ofA.path, keepingCurrentAt: a.path + ".kept", now: now)
        #expect(try a.identity() == idA)
        _ = try Store.restore(b.path, from: ofA.path, keepingCurrentAt: b.path + ".kept", now: now)
        #expect(try b.identity() == idB)
        #expect(try b.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM symptom_entries") } == 2)
        #expect(
            try b.read { db in
                try String.fetchOne(db, sql: "SELECT value FROM store_metadata WHERE key = 'backup_taken_at'")
            } == nil, "the instant a backup was taken is the backup's, not the store's")
        #expect(try b.backUp(into: shared, at: now).origin == .store(idB))
        let fresh = directory.file("fresh.sqlite")
        _ = try Store.restore(fresh, from: ofA.path, keepingCurrentAt: fresh + ".kept", now: now)
        let made = try #require(Store.identity(at: fresh))
        #expect(made != idA && made != idB && UUID(uuidString: made) != nil)
    }

    /// A store from before identities gets one at its next write-opening; its backups from
    /// before are listed for every store and thinned by none. Junk and another program's
    /// SQLite file named as backups are read without a crash and said to be what they are.
    @Test func backupsFromBeforeIdentitiesAndFilesThatAreNoBackups() throws {
        let a = try store("a.sqlite", symptoms: 1)
        let now = try instant("2026-11-24T09:00:00Z")
        let old = try a.backUp(into: shared, at: try instant("2026-11-24T08:00:00Z"))
        try DatabaseQueue(path: old.path).write { db in
            try db.execute(sql: "DELETE FROM store_metadata WHERE key IN ('store_identity', 'backup_taken_at')")
        }
        try DatabaseQueue(path: a.path).write { db in
            try db.execute(sql: "DELETE FROM store_metadata WHERE key = 'store_identity'")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v13 store identity'")
        }
        // Before identities, nothing beside the store recorded one either.
        unlink(BackupLocation.path(ofStore: a.path))
        #expect(Store.identity(at: a.path) == nil)
        let identity = try #require(try Store(path: a.path).identity(), "migrated at its next write-opening")
        let junk = shared + "/" + BackupDirectory.fileName(for: try instant("2026-11-23T08:00:00Z"))
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: junk))
        let foreign = shared + "/" + BackupDirectory.fileName(for: try instant("2026-11-22T08:00:00Z"))
        try DatabaseQueue(path: foreign).write { db in try db.execute(sql: "CREATE TABLE notes (body TEXT)") }
        let origins = Dictionary(
            uniqueKeysWithValues: BackupDirectory.list(in: shared, now: now, identity: "another").map {
                ($0.path, $0.origin)
            })
        #expect(origins[old.path] == .unmarked && origins[foreign] == .foreign, "\(origins)")
        guard case .damaged = origins[junk] else {
            Issue.record("junk is \(String(describing: origins[junk]))")
            return
        }
        _ = try a.backUp(into: shared, at: now)
        BackupDirectory.thin(shared, store: a.path, identity: identity, clock: clock, now: now)
        #expect(FileManager.default.fileExists(atPath: old.path) && FileManager.default.fileExists(atPath: foreign))
    }
}
