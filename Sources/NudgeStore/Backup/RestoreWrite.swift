import Foundation
import GRDB
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// One restore's write into the store, and the copy of the store it keeps while it holds the
/// store's write lock.
final class RestoreWrite {
    let storePath: String
    let keptBase: String
    let backupPath: String
    /// The account the person agreed to; nil: none to hold the store to.
    let expected: RestoreAccount?
    /// Where the store before the restore is kept, once it is.
    private(set) var keptAt: String?
    /// The copy of the store under its temporary name until the restore is committed
    /// (`KeptCopy`), and whether it is whole.
    private var keptTemporary: HeldTemporaryFile?
    private var keptWhole = false
    /// The account of the kept copy, counted under the write lock when one was expected.
    private(set) var accountUnderLock: RestoreAccount?
    /// The path of another live store whose identity this store would have kept (`IdentityTwin`):
    /// it got a new one instead.
    private(set) var identityLivesAt: String?

    init(storePath: String, keptPath: String, backupPath: String, expected: RestoreAccount?) {
        self.storePath = storePath
        self.keptBase = keptPath
        self.backupPath = backupPath
        self.expected = expected
    }

    /// The store's page size, when SQLite can read it.
    func pageSize() -> Int? {
        try? Store.openReadOnly(storePath, Self.reading).read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
            ?? nil
    }

    /// The highest delivery id the store has given, when SQLite can read it, or a daemon
    /// recorded beside it as it let go of a store removed or replaced under it (`BackupLocation`).
    func deliveriesIssued() -> Int64? {
        let own = try? Store.openReadOnly(storePath, Self.reading).read { db in try IssuedNumbers.deliveries.highest(db)
        }
        return [own, BackupLocation.deliveriesIssued(store: storePath)].compactMap { $0 }.max()
    }

    /// The identity the restored store keeps: its own; for a store SQLite cannot read (or
    /// without one), the identity recorded beside it (`BackupLocation`); for a store with none
    /// anywhere, the backup's when it is that store coming back (`returningIdentity`), else a
    /// new one, never the backup's (which may be a store's that lives on, whose backups the two
    /// would then thin for each other). One beside a recorded identity this user may not read
    /// is refused: a new one would make every earlier backup another store's. `source`: where
    /// the backup was taken from.
    func keptIdentity(source: String) throws(Store.BackupFailure) -> String {
        let own = try? Store.openReadOnly(storePath, Self.reading).read { db in try Store.identity(db) }
        if let own = own ?? nil { return own }
        if let unknown = StoreFile.identityUnknowable(storePath) {
            throw Store.BackupFailure(description: unknown.description, exitCode: 65)
        }
        guard let kept = BackupLocation.read(store: storePath)?.identity ?? returningIdentity(source: source) else {
            return Store.newIdentity()
        }
        // The store of that identity lives on elsewhere (moved away with `mv`, and this a new
        // store at its old path): sharing it, the two would thin each other's backups.
        let backups =
            [BackupFile.recorded(backupPath)].compactMap { $0 }
            + BackupDirectory.list(in: PathText.directory(of: source), now: Date())
            + BackupDirectory.list(in: BackupDirectory.directory(store: storePath, setting: ""), now: Date())
        if let twin = IdentityTwin.find(identity: kept, besides: storePath, backups: backups) {
            identityLivesAt = twin
            return Store.newIdentity()
        }
        return kept
    }

    /// The backup's identity for a store removed with everything beside it (`rm nudge.sqlite*`:
    /// not there or empty, no `STORE.backup-location` at all) and restored from the folder its
    /// path backs up into by default, which holds that identity's backups alone: `nudge
    /// backups` listed them as this store's, and they stay its own after the restore (the next
    /// backup thins them). Nil otherwise: a backup from another folder, restored to a new
    /// place, makes another store.
    private func returningIdentity(source: String) -> String? {
        var status = stat()
        let storeGone = stat(storePath, &status) != 0 ? errno == ENOENT : status.st_size == 0
        guard storeGone, lstat(BackupLocation.path(ofStore: storePath), &status) != 0, errno == ENOENT,
            case .store(let identity)? = BackupFile.origin(of: backupPath)
        else { return nil }
        let folder = BackupDirectory.directory(store: storePath, setting: "")
        guard BackupDirectory.isSameFolder(PathText.directory(of: source), folder),
            BackupDirectory.stores(BackupDirectory.list(in: folder, now: Date())) == [identity]
        else { return nil }
        return identity
    }

    /// SQLite's online backup from `temporary` into the store: its first step takes the
    /// store's write lock, which it holds to the commit; the store is kept right after that
    /// step, through another connection that reads the last commit before the lock.
    func write(from temporary: String, keeping: Bool) throws {
        var configuration = Configuration()
        configuration.busyMode = LockWait.busyMode
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

    /// Makes the held 0600 temporary file the store will be kept in; returns its name, which
    /// the restored store records (`KeptCopy`).
    func reserveKeptCopy() throws(Store.BackupFailure) -> String {
        let temporary = try HeldTemporaryFile(beside: storePath, prefix: KeptCopy.prefix)
        keptTemporary = temporary
        return (temporary.path as NSString).lastPathComponent
    }

    /// The store as its last commit left it, through SQLite, into the reserved temporary file,
    /// which gets the kept name once the restore is committed (`linkKept`: a killed restore
    /// leaves no copy under it); a store SQLite cannot read whole is kept byte for byte. When
    /// the person agreed to an account, the copy is counted first, and a store that changed
    /// since is not restored.
    private func keep() throws(Store.BackupFailure) {
        guard let temporary = keptTemporary else { return }
        do {
            let copy = try DatabaseQueue(path: temporary.path)
            try DatabaseQueue(path: storePath, configuration: Self.reading).backup(to: copy)
            _ = try copy.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
            try copy.close()
        } catch let error as DatabaseError where error.isDamage {
            try keepBytes()
            return
        } catch {
            throw Store.BackupFailure(
                description:
                    "cannot keep the store at \(keptBase): \(DiskError.reason(error, at: temporary.path)); nothing was restored",
                exitCode: 74)
        }
        try Store.sync(temporary.path)
        if let expected, let counted = try? RestoreAccount.compare(store: temporary.path, backup: backupPath) {
            guard counted == expected else {
                throw Store.BackupFailure(
                    description:
                        "the store changed while the question waited: \(counted.sentence); nothing was restored",
                    exitCode: 75, changedAccount: counted)
            }
            accountUnderLock = counted
        }
        keptWhole = true
        // From here the commit may come at any step: a signal leaves the copy for a later
        // restore to settle, never a restored store without it.
        temporary.keepOnSignal()
    }

    /// The restore is committed: the whole copy gets its kept name. Where that cannot be, it
    /// stays under its temporary name, which the restored store records, for the next restore
    /// to name (`KeptCopy`).
    func linkKept() {
        guard keptAt == nil, keptWhole, let temporary = keptTemporary else { return }
        do {
            keptAt = try PrivateCopy.linkNew(temporary.path, as: keptBase)
            temporary.remove()
        } catch {
            keptAt = temporary.path
            temporary.leave()
        }
        keptTemporary = nil
    }

    /// The store's file and its WAL byte for byte into the reserved temporary file, for a store
    /// SQLite cannot read whole (a copy kept already is not made again). Like a copy through
    /// SQLite it gets its kept name only once the store is restored (`linkKept`): before, a
    /// restore killed after the copy named it though the damaged store was never replaced.
    func keepBytes() throws(Store.BackupFailure) {
        guard !keptWhole, let temporary = keptTemporary else { return }
        // What SQLite's copy that failed left beside it is no part of the store.
        for suffix in HeldTemporaryFile.companions { unlink(temporary.path + suffix) }
        try PrivateCopy.copyBytes(storePath, to: temporary.path, creating: false, keeping: keptBase)
        if FileManager.default.fileExists(atPath: storePath + "-wal") {
            try PrivateCopy.copyBytes(
                storePath + "-wal", to: temporary.path + "-wal", creating: true, keeping: keptBase)
        }
        keptWhole = true
        temporary.keepOnSignal()
    }

    /// What the written restore rolled back (nil when SQLite could not read the kept copy to
    /// count it; empty when no store was kept). The kept copy is the store as the restore found
    /// it: its account is exact, whatever was written between the question and the restore.
    var account: RestoreAccount? {
        accountUnderLock
            ?? keptAt.map { try? RestoreAccount.compare(store: $0, backup: backupPath) }
            ?? RestoreAccount()
    }

    /// A restore that wrote nothing keeps no copy: the store is as it was.
    func discardKept() {
        keptTemporary?.remove()
        keptTemporary = nil
        guard let keptAt else { return }
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(keptAt + suffix) }
        self.keptAt = nil
    }

    private static var reading: Configuration {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = LockWait.busyMode
        return configuration
    }
}

extension DatabaseError {
    /// SQLite found the file damaged, or not a database at all.
    var isDamage: Bool { resultCode == .SQLITE_CORRUPT || resultCode == .SQLITE_NOTADB }
}
