import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// One restore's write into the store, and the copy of the store it keeps while it holds the
/// store's write lock.
final class RestoreWrite {
    let storePath: String
    let keptBase: String
    /// Where the store before the restore is kept, once it is.
    private(set) var keptAt: String?
    /// The kept copy was made through SQLite, whole.
    private var keptWhole = false

    init(storePath: String, keptPath: String) {
        self.storePath = storePath
        self.keptBase = keptPath
    }

    /// The store's page size, when SQLite can read it.
    func pageSize() -> Int? {
        try? Store.openReadOnly(storePath, Self.reading).read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
            ?? nil
    }

    /// The identity the restored store keeps: its own; a new one for a store from before
    /// identities (never the backup's, which may be another store's: the store's later backups
    /// stay its own); nil, the backup's, for a store SQLite cannot read or that is not there,
    /// which the backup most likely is of.
    func keptIdentity() -> String? {
        do {
            return try Store.openReadOnly(storePath, Self.reading).read { db in try Store.identity(db) }
                ?? Store.newIdentity()
        } catch {
            return nil
        }
    }

    /// SQLite's online backup from `temporary` into the store: its first step takes the
    /// store's write lock, which it holds to the commit; the store is kept right after that
    /// step, through another connection that reads the last commit before the lock.
    func write(from temporary: String, keeping: Bool) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(60)
        configuration.label = "nudge.restore"
        let store = try DatabaseQueue(path: storePath, configuration: configuration)
        // In WAL mode the kept copy's reader goes on beside the write lock; a rollback journal
        // would lock it out until the restore ends, which waits for the copy.
        try store.writeWithoutTransaction { db in
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            }
        }
        var kept = !keeping
        // A migrated nudge store has a page per table: the first step never ends the backup.
        try DatabaseQueue(path: temporary, configuration: Self.reading).backup(to: store, pagesPerStep: 1) { _ in
            guard !kept else { return }
            kept = true
            try self.keep()
        }
    }

    /// The store as its last commit left it, through SQLite, into a new 0600 file; a store
    /// SQLite cannot read whole is kept byte for byte.
    private func keep() throws(Store.BackupFailure) {
        let kept = try PrivateCopy.createNew(keptBase)
        keptAt = kept
        do {
            let copy = try DatabaseQueue(path: kept)
            try DatabaseQueue(path: storePath, configuration: Self.reading).backup(to: copy)
            _ = try copy.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
            try copy.close()
            keptWhole = true
        } catch let error as DatabaseError where error.isDamage {
            _ = try keepBytes()
            return
        } catch {
            throw Store.BackupFailure(
                description: "cannot keep the store at \(kept): \(DiskError.reason(error)); nothing was restored",
                exitCode: 74)
        }
        try Store.sync(kept)
    }

    /// The store's file and its WAL byte for byte, for a store SQLite cannot read whole (a
    /// copy SQLite made whole is not made again).
    func keepBytes() throws(Store.BackupFailure) -> String {
        if let keptAt, keptWhole { return keptAt }
        let kept: String
        if let keptAt { kept = keptAt } else { kept = try PrivateCopy.createNew(keptBase) }
        keptAt = kept
        unlink(kept + "-journal")
        try PrivateCopy.copyBytes(storePath, to: kept, creating: false)
        if FileManager.default.fileExists(atPath: storePath + "-wal") {
            unlink(kept + "-wal")
            try PrivateCopy.copyBytes(storePath + "-wal", to: kept + "-wal", creating: true)
        }
        return kept
    }

    /// A restore that wrote nothing keeps no copy: the store is as it was.
    func discardKept() {
        guard let keptAt else { return }
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(keptAt + suffix) }
        self.keptAt = nil
    }

    private static var reading: Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(60)
        return configuration
    }
}

extension DatabaseError {
    /// SQLite found the file damaged, or not a database at all.
    var isDamage: Bool { resultCode == .SQLITE_CORRUPT || resultCode == .SQLITE_NOTADB }
}
