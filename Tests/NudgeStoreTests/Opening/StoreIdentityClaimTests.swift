import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// A store's identity is its own (issue 39, item 4 as tried by a hostile tester): a copy gets a
/// new one, a move and a restore keep it, and one deleted by another program comes back.
struct StoreIdentityClaimTests {
    let directory = TemporaryDirectory()
    var shared: String { directory.file("shared-backups") }
    let clock = WallClock(zone: .system("UTC"))

    func instant(_ text: String) throws -> Date { try #require(Timestamp.parse(text)) }

    /// The store's file alone, its WAL written into it first (as after the last program closed it).
    func copy(_ store: Store, to path: String) throws {
        try store.emptyWriteAheadLog()
        try FileManager.default.copyItem(atPath: store.path, toPath: path)
    }

    /// `cp` makes a new store: its first write-opening gives it a new identity, and its backups
    /// then neither thin the original's nor are taken for them. A rename keeps the identity.
    @Test func aCopyGetsItsOwnIdentityAndAMoveKeepsIt() throws {
        let original = try Store(path: directory.file("a.sqlite"))
        let identity = try #require(try original.identity())
        let ofOriginal = try original.backUp(into: shared, at: try instant("2026-11-24T09:00:00Z"))
        try copy(original, to: directory.file("copy.sqlite"))
        // Not written to yet, it is read as the new store it is at its first write: none of the
        // original's backups are its.
        #expect(Store.identity(at: directory.file("copy.sqlite")) != identity)
        let copied = try Store(path: directory.file("copy.sqlite"))
        let copyIdentity = try #require(try copied.identity())
        #expect(copyIdentity != identity)
        let now = try instant("2026-11-24T10:00:00Z")
        let ofCopy = try copied.backUp(into: shared, at: now)
        #expect(
            BackupDirectory.thin(shared, store: copied.path, identity: copyIdentity, clock: clock, now: now).isEmpty)
        #expect(FileManager.default.fileExists(atPath: ofOriginal.path))
        #expect(BackupDirectory.newestSound(in: shared, now: now, identity: identity)?.path == ofOriginal.path)
        #expect(BackupDirectory.newestSound(in: shared, now: now, identity: copyIdentity)?.path == ofCopy.path)
        #expect(try Store(path: directory.file("a.sqlite")).identity() == identity, "the original keeps its own")
        let moved = directory.file("moved.sqlite")
        #expect(rename(directory.file("a.sqlite"), moved) == 0)
        #expect(try Store(path: moved).identity() == identity)
    }

    /// A restore writes into the store's file: at its next write-opening the store still has
    /// its identity (the backup carries no inode; the restored store records its own).
    /// An inode another program spoiled ('abc') counts as none, not as another file's: the
    /// store keeps its identity, and its backups stay its own.
    @Test func aSpoiledInodeKeepsTheIdentity() throws {
        let path = directory.file("a.sqlite")
        let identity = try #require(try Store(path: path).identity())
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE store_metadata SET value = 'abc' WHERE key = 'store_file_inode'")
        }
        #expect(try Store(path: path).identity() == identity)
    }

    @Test func aRestoredStoreKeepsItsIdentityAtItsNextWriteOpening() throws {
        let store = try Store(path: directory.file("a.sqlite"))
        let identity = try #require(try store.identity())
        let now = try instant("2026-11-24T09:00:00Z")
        let backup = try store.backUp(into: shared, at: now)
        _ = try Store.restore(store.path, from: backup.path, keepingCurrentAt: store.path + ".kept", now: now)
        #expect(try Store(path: store.path).identity() == identity)
        #expect(BackupDirectory.list(in: shared, now: now, identity: identity).map(\.path) == [backup.path])
    }

    /// Another program deletes the identity row: a reader still finds the store's backups, a
    /// backup taken meanwhile (the daemon's) still carries it, and the next write-opening puts
    /// it back from the file beside the store.
    @Test func aDeletedIdentityComesBackFromBesideTheStore() throws {
        let store = try Store(path: directory.file("a.sqlite"))
        let identity = try #require(try store.identity())
        let now = try instant("2026-11-24T09:00:00Z")
        let backup = try store.backUp(into: shared, at: now)
        try DatabaseQueue(path: store.path).write { db in
            try db.execute(sql: "DELETE FROM store_metadata WHERE key = 'store_identity'")
        }
        #expect(Store.identity(at: store.path) == identity)
        let meanwhile = try store.backUp(into: shared, at: now.addingTimeInterval(60))
        #expect(meanwhile.origin == .store(identity) && BackupFile.origin(of: meanwhile.path) == .store(identity))
        #expect(try Store(path: store.path).identity() == identity)
        #expect(
            BackupDirectory.list(in: shared, now: now, identity: identity).map(\.path) == [meanwhile.path, backup.path])
        // With nothing beside it to recover from, it gets a new identity: never none.
        try DatabaseQueue(path: store.path).write { db in
            try db.execute(sql: "DELETE FROM store_metadata WHERE key = 'store_identity'")
        }
        #expect(unlink(BackupLocation.path(ofStore: store.path)) == 0)
        let renewed = try #require(try Store(path: store.path).identity())
        #expect(renewed != identity)
    }

    /// The file beside the store is private, and says where its backups are.
    @Test func theBackupLocationIsRecordedPrivately() throws {
        let store = try Store(path: directory.file("a.sqlite"))
        try store.setSetting(BackupPolicy.directory, to: shared, at: Date())
        let location = try #require(BackupLocation.read(store: store.path))
        let identity = try store.identity()
        #expect(location.directory == shared && location.identity == identity)
        var status = stat()
        #expect(stat(BackupLocation.path(ofStore: store.path), &status) == 0 && status.st_mode & 0o777 == 0o600)
    }
}
