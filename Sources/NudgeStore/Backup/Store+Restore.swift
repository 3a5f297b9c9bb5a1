import Foundation
import GRDB
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Putting a backup back in place of the store.
extension Store {
    /// What a restore changed: what the store had that the backup has not (nil when SQLite
    /// could not read the store to count it), where the store before the restore is kept, and
    /// whether its file was replaced (damaged or emptied): programs that have it open reopen it.
    public struct Restored: Sendable {
        public var account: RestoreAccount?
        public var keptAt: String?
        public var replacedFile: Bool
        /// Another live store's path, whose identity the store would have kept: it has one of
        /// its own instead (`IdentityTwin`).
        public var identityLivesAt: String? = nil
    }

    /// More deliveries than any writer gives in the moments between a restore's reading the
    /// store's highest id and its taking the write lock.
    private static let writtenMeanwhile: Int64 = 100

    /// The start of the names of a restore's temporary files beside the store.
    public static let restoreTemporaryPrefix = ".nudge-restore-"

    /// Puts the backup at `backupPath` in place of the store at `storePath`.
    ///
    /// The backup must be a sound nudge store (integrity check, nudge's migrations, no table of
    /// nudge's in another shape); it is copied and migrated to this nudge's schema. Then, in one
    /// step for every writer: SQLite's online backup into the store takes the store's write lock,
    /// and while it holds it (after its first page) the store as it is is copied, named
    /// `keptPath` (or `keptPath.2`...) once the restore is committed (`KeptCopy`): every commit
    /// by any process is in the kept copy or came after the restore. Other connections (a
    /// running daemon) see one more write. Only a store too damaged for SQLite to write into is
    /// kept byte for byte and replaced by a rename. With `expected` (the account a person agreed
    /// to), the kept copy is counted under the lock, and a store whose account changed is not
    /// restored: the failure carries the new one. What killed restores left is settled first.
    public static func restore(
        _ storePath: String, from backupPath: String, keepingCurrentAt keptPath: String, now: Date,
        expecting expected: RestoreAccount? = nil
    ) throws(BackupFailure) -> Restored {
        try checkRestorable(backupPath)
        return try restore(
            storePath, fromChecked: backupPath, named: backupPath, keepingCurrentAt: keptPath, now: now,
            expecting: expected)
    }

    /// `restore` of a backup `checkRestorable` passed, which failures call `name`.
    static func restore(
        _ storePath: String, fromChecked backupPath: String, named name: String, keepingCurrentAt keptPath: String,
        now: Date, expecting expected: RestoreAccount?
    ) throws(BackupFailure) -> Restored {
        try prepareFolder(of: storePath, now: now)
        let held = try HeldTemporaryFile(beside: storePath, prefix: restoreTemporaryPrefix)
        defer { held.remove() }
        let (temporary, storeExisted) = (held.path, FileManager.default.fileExists(atPath: storePath))
        // An emptied file holds nothing to keep, and its kept log takes the kept name (`OrphanLog`).
        var status = stat()
        let storeEmpty = storeExisted && stat(storePath, &status) == 0 && status.st_size == 0
        let written = RestoreWrite(storePath: storePath, keptPath: keptPath, backupPath: backupPath, expected: expected)
        let identity = try written.keptIdentity(source: name)
        let keptCopy = storeExisted && !storeEmpty ? try written.reserveKeptCopy() : nil
        if !storeExisted {
            do { try StoreFile.prepare(at: storePath) } catch {
                throw BackupFailure(description: error.description, exitCode: 73)
            }
        }
        do {
            try prepare(
                temporary, of: storePath, from: backupPath, named: name, pageSize: written.pageSize(),
                identity: identity, deliveriesIssued: written.deliveriesIssued(), keptCopy: keptCopy, now: now)
            // An emptied store is damage (`StoreFile.checkNotLost`), replaced by a rename as damage
            // is: a running daemon's connection in write-ahead-log mode keeps SQLite from writing
            // into it (hostile round 30 on issue 39: the daemon rings from memory meanwhile).
            if storeEmpty { throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "the store is empty") }
            try written.write(from: temporary, keeping: storeExisted)
        } catch let error as DatabaseError where error.isDamage && storeExisted {
            try written.keepBytes()
            try replace(storePath, with: temporary)
            return finished(written, replacedFile: true, storeWas: storeEmpty ? .empty : nil)
        } catch {
            written.discardKept()
            throw restoreFailure(error, storePath: storePath, backupPath: backupPath)
        }
        return finished(written, replacedFile: false, storeWas: storeExisted ? nil : .notThere)
    }

    /// The restore is committed: the kept copy gets its name (`KeptCopy`), and what it rolled back
    /// is recorded. A store `storeWas` not there or empty says so; a damaged one replaced has no account.
    private static func finished(
        _ written: RestoreWrite, replacedFile: Bool, storeWas: RestoreAccount.Absence?
    ) -> Restored {
        written.linkKept()
        if let kept = written.keptAt { recordRolledBack(store: written.storePath, kept: kept) }
        recordBackupDirectory(of: written.storePath)
        return Restored(
            account: storeWas.map { RestoreAccount(storeWas: $0) } ?? (replacedFile ? nil : written.account),
            keptAt: written.keptAt, replacedFile: replacedFile, identityLivesAt: written.identityLivesAt)
    }

    /// The store's folder, made if missing, without what killed restores left in it.
    private static func prepareFolder(of storePath: String, now: Date) throws(BackupFailure) {
        do { try StoreFile.prepareDirectory(of: storePath) } catch {
            throw BackupFailure(description: error.description, exitCode: 73)
        }
        AbandonedFiles.removeTemporary(beside: storePath, prefix: restoreTemporaryPrefix, now: now)
        AbandonedFiles.removeHalfWrittenCopies(of: storePath)
        KeptCopy.settleAbandoned(beside: storePath, now: now)
    }

    /// Why a restore that left the store as it was failed, in a person's words.
    private static func restoreFailure(_ error: any Error, storePath: String, backupPath: String) -> BackupFailure {
        if let failure = error as? BackupFailure { return failure }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_BUSY {
            return BackupFailure(
                description:
                    "another program held the store's write lock for over a minute; nothing was restored; try again when it has finished",
                exitCode: 75)
        }
        let reason = DiskError.reason(error, at: storePath)
        return BackupFailure(
            description:
                "cannot write the backup into the store: \(reason == DiskError.describe(ENOSPC) ? RestoreRoom.fullFolder(store: storePath, backup: backupPath) : reason); the store was left as it was",
            exitCode: 74)
    }

    /// The backup may bring back another `backup.directory`: the store's location records it,
    /// and keeps the folder it named before, where the store's newest backups are.
    private static func recordBackupDirectory(of storePath: String) {
        (try? Store(readingOnly: storePath))?.recordBackupDirectory()
    }

    /// What restoring the backup at `backupPath` would roll back in the store at `storePath`,
    /// for the question before a restore (nothing when there is no store); nil when SQLite cannot
    /// read the store to count it.
    /// Throws what `restore` would for a backup it refuses.
    public static func accountOfRestore(_ storePath: String, from backupPath: String) throws(BackupFailure)
        -> RestoreAccount?
    {
        try checkRestorable(backupPath)
        return accountOfRestore(storePath, fromChecked: backupPath)
    }

    /// `accountOfRestore` of a backup `checkRestorable` passed.
    static func accountOfRestore(_ storePath: String, fromChecked backupPath: String) -> RestoreAccount? {
        guard FileManager.default.fileExists(atPath: storePath) else {
            return RestoreAccount(storeWas: .notThere)
        }
        return try? RestoreAccount.compare(store: storePath, backup: backupPath)
    }

    /// The backup copied to `temporary`, migrated, self-contained (no WAL), in the store's page
    /// size (SQLite cannot copy pages of another size into a WAL store), with the store's
    /// `identity` (`RestoreWrite.keptIdentity`), without the instant the backup was taken and
    /// without a file's inode (the store records its own at its next write-opening). Delivery
    /// ids are given past the store's `deliveriesIssued`, with room for those a writer gives
    /// before the restore takes the write lock (`recordRolledBack` makes it exact after). It
    /// names the file the store before it is kept in (`KeptCopy`).
    private static func prepare(
        _ temporary: String, of storePath: String, from backupPath: String, named name: String, pageSize: Int?,
        identity: String, deliveriesIssued: Int64?, keptCopy: String?, now: Date
    ) throws {
        do {
            let copy = try DatabaseQueue(path: temporary)
            try BackupDirectory.openImmutable(backupPath).backup(to: copy)
            // No longer a backup: a store opened for writing refuses one.
            try copy.write { db in
                if try db.tableExists("store_metadata") {
                    try db.execute(
                        sql: "DELETE FROM store_metadata WHERE key IN (?, ?, ?)",
                        arguments: StatementArguments(backupOnlyKeys))
                    // What a daemon did to the desktop then is not what one did since: the
                    // running daemon keeps its own.
                    try db.execute(
                        sql: "DELETE FROM store_metadata WHERE key IN (?, ?)",
                        arguments: [QuietedDesktop.metadataKey, rolledBackNotificationsKey])
                }
            }
            try copy.close()
            _ = try Store(path: temporary, now: now)
            let file = try DatabaseQueue(path: temporary)
            try file.writeWithoutTransaction { db in
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
                try db.execute(sql: "DELETE FROM store_metadata WHERE key = ?", arguments: [fileInodeKey])
                try db.execute(
                    sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)",
                    arguments: [identityKey, identity])
                try KeptCopy.record(keptCopy, db)
                if let deliveriesIssued {
                    try IssuedNumbers.deliveries.recordIssued(through: deliveriesIssued + writtenMeanwhile, db)
                }
                if let pageSize, try Int.fetchOne(db, sql: "PRAGMA page_size") != pageSize {
                    try db.execute(sql: "PRAGMA page_size = \(pageSize)")
                    try db.execute(sql: "VACUUM")
                }
            }
            try file.close()
        } catch {
            let reason = DiskError.reason(error, at: temporary)
            let full = reason == DiskError.describe(ENOSPC)
            throw BackupFailure(
                description:
                    "cannot prepare the backup \(name) for the store: \(full ? RestoreRoom.fullFolder(store: storePath, backup: backupPath) : reason); the store was left as it was",
                exitCode: 74)
        }
    }

    /// For a store file another was renamed over while this connection was open: its WAL is
    /// written into the file it belongs to and emptied, so that the new file is never read
    /// with the old file's pages (SQLite cannot tell a WAL of another file from its own).
    public func emptyWriteAheadLog() throws(StoreError) {
        do {
            _ = try database.writeWithoutTransaction { db in
                try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
        } catch {
            throw .failed(path: path, reason: String(describing: error))
        }
    }

    /// The rename for a store SQLite cannot write into: its WAL and index go first (kept with
    /// the store), so that none of them is read with the new file.
    private static func replace(_ storePath: String, with temporary: String) throws(BackupFailure) {
        try sync(temporary)
        unlink(storePath + "-wal")
        unlink(storePath + "-shm")
        guard rename(temporary, storePath) == 0 else {
            throw BackupFailure(
                description: "cannot put the backup in place of \(storePath): \(String(cString: strerror(errno)))",
                exitCode: 73)
        }
        try sync(PathText.directory(of: storePath))
    }
}
