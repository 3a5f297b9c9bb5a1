import Foundation
import GRDB
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// The store's identity: which backups in a shared backup directory are this store's.
///
/// A copy of the store (`cp`) would carry the same identity, and its backups would thin away
/// the original's: so the store also records the inode of the file it is in, and a write-opening
/// that finds another inode gives the store a new identity. The inode alone, not the device:
/// device numbers of btrfs subvolumes, FUSE and device-mapper disks may change at a reboot,
/// which would take a store's backups from it. A store moved on one file system keeps its
/// inode; one moved to another is a new store (its backups stay restorable by name).
extension Store {
    /// `store_metadata`'s key of the store's identity, in the store and in each of its backups.
    static let identityKey = "store_identity"
    /// `store_metadata`'s key of the instant a backup was taken, in the backup only.
    static let backupTakenAtKey = "backup_taken_at"
    /// `store_metadata`'s key of the inode of the file the identity belongs to, in the store
    /// only: a backup, a restored store and a store from before it record it at their next
    /// write-opening, and keep their identity.
    static let fileInodeKey = "store_file_inode"
    /// `store_metadata`'s keys of the path and inode of the store file a backup was taken from,
    /// in the backup only: another live store that carries the same identity is found by them
    /// (`IdentityTwin`). In the backup rather than `STORE.backup-location`: the backup keeps it
    /// wherever it is copied, while the file beside the store moves (or stays) with the `mv`
    /// that made the twin, and cannot say where the store went.
    static let backupStorePathKey = "backup_store_path"
    static let backupStoreInodeKey = "backup_store_inode"
    /// `store_metadata`'s key of when the store's identity was made (by the clock nudge runs
    /// by), in the store and its backups: a backup taken before it is of another store, even one
    /// the file system gave the same inode (`identityOfBackupsTaken`). None in a store whose
    /// identity was made by an older nudge. Not named `store_identity…`: a program deleting
    /// the identity by that prefix would take this with it (hostile round 16).
    static let identityMadeAtKey = "identity_made_at"
    /// What only a backup records: a restore, and a backup put in place by hand, remove it.
    static let backupOnlyKeys = [backupTakenAtKey, backupStorePathKey, backupStoreInodeKey]

    static func newIdentity() -> String { UUID().uuidString.lowercased() }

    /// `identity` when it is a UUID, in lowercase as nudge makes them (one another program
    /// uppercased is the same store's, its backups still its own); nil for what another program
    /// wrote in its place ('', a blob, 'not-a-uuid'), which would make every backup no one's.
    static func wellFormed(_ identity: String?) -> String? {
        identity.flatMap { UUID(uuidString: $0) == nil ? nil : $0.lowercased() }
    }

    /// The store's identity; nil for a store migrated before identities that no nudge has
    /// opened for writing since.
    public func identity() throws(StoreError) -> String? {
        try read { db in try Self.identity(db) }
    }

    /// The identity of the store at `path`, read without creating or migrating anything; for a
    /// store SQLite cannot read, or whose identity was deleted, the one recorded beside it
    /// (`BackupLocation`), as for a store that is not there; nil when there is none of either.
    public static func identity(at path: String) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return BackupLocation.read(store: path)?.identity }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        let read = try? openReadOnly(path, configuration).read { db -> String? in
            // A copy not written since has none of the backups yet: the one it will get at its
            // first write (`claimIdentity`) is new, so it lists none of its original's.
            guard let inode = fileInode(path) else { return try identity(db) }
            if try isCopy(db, path: path, inode: inode) { return newIdentity() }
            // One whose identity another program deleted: the one its first write takes, a new
            // one (so no backup is its own yet) where nothing says which. A store from before
            // identities has none yet: nil, and its backups are every store's.
            if let identity = try identity(db) { return identity }
            let adopted =
                BackupLocation.read(store: path)?.identity ?? identityOfBackupsTaken(db, from: path, inode: inode)
            return try adopted ?? (Schema.applied(db).contains(Schema.v13.identifier) ? newIdentity() : nil)
        }
        return (read ?? nil) ?? BackupLocation.read(store: path)?.identity
    }

    /// Nil also for an identity that is not well formed: the store claims a new one.
    static func identity(_ db: Database) throws -> String? {
        wellFormed(try metadata(identityKey, db))
    }

    /// For the commands that back up or restore and otherwise only read: a nudge store that is
    /// a copy, or lost its identity, is opened for writing now, which gives it its own. Nothing
    /// for a store that is not nudge's or cannot be written: it keeps what it has.
    public static func claimIdentity(at path: String, now: Date) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        let unclaimed =
            (try? openReadOnly(path, configuration).read { db in
                try !Schema.applied(db).isEmpty && identityUnclaimed(db, path: path)
            }) ?? false
        if unclaimed { _ = try? Store(path: path, now: now) }
    }

    /// The store has no well-formed identity, or records another file's inode than the one at `path`.
    static func identityUnclaimed(_ db: Database, path: String) throws -> Bool {
        guard try db.tableExists("store_metadata"), let inode = fileInode(path) else { return false }
        return try identity(db) == nil || metadata(fileInodeKey, db) != inode
    }

    /// Makes the store's identity its own, under the write lock: a new one when the inode
    /// recorded is another file's (a copy); the one recorded beside the store (else a new one)
    /// when it has none; then records the file's inode.
    static func claimIdentity(_ db: Database, path: String, now: Date) throws {
        guard try identityUnclaimed(db, path: path), let inode = fileInode(path) else { return }
        var identity = try identity(db)
        var made = false
        if try isCopy(db, path: path, inode: inode) {
            identity = newIdentity()
            made = true
        } else if identity == nil {
            identity =
                BackupLocation.read(store: path)?.identity ?? identityOfBackupsTaken(db, from: path, inode: inode)
            made = identity == nil
            identity = identity ?? newIdentity()
        }
        if made { try recordIdentityMade(db, at: now) }
        // A backup put in place by hand is the store from now on.
        try db.execute(
            sql: "DELETE FROM store_metadata WHERE key IN (?, ?, ?)", arguments: StatementArguments(backupOnlyKeys))
        for (key, value) in [(identityKey, identity), (fileInodeKey, inode)] {
            try db.execute(
                sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }

    /// Records when the store's identity was made: now, for one just made.
    static func recordIdentityMade(_ db: Database, at now: Date) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)",
            arguments: [identityMadeAtKey, Timestamp.format(now)])
    }

    /// The identity of the newest backup in the store's folder that records this very file (its
    /// path and inode) as where it was taken: a store whose identity another program deleted,
    /// with no `STORE.backup-location` beside it, is the store they were taken from, and keeps
    /// them (a new identity made every one another store's). The newest, where they carry
    /// several (another program wrote a new one in between: hostile round 15 found each then
    /// orphaned). A new store at the path of a lost one is another file: it never takes the
    /// lost one's backups, which its own would thin, even where the file system gave it the
    /// lost one's inode (hostile round 15): those were taken before its identity was made.
    /// Nil for none.
    static func identityOfBackupsTaken(_ db: Database, from path: String, inode: String) -> String? {
        guard
            let here = realpath(path, nil).map({ pointer in
                defer { free(pointer) }
                return String(cString: pointer)
            })
        else { return nil }
        let setting =
            (try? String.fetchOne(
                db, sql: "SELECT value FROM settings WHERE key = ?", arguments: [BackupPolicy.directory.rawValue]))
            ?? nil
        let now = Date()
        // Taken before the identity was made (a second early: names round down): another store's.
        let made = ((try? metadata(identityMadeAtKey, db)) ?? nil).flatMap(Timestamp.parse)
        let earliest = made?.addingTimeInterval(-1) ?? .distantPast
        let taken = BackupDirectory.list(in: BackupDirectory.directory(store: path, setting: setting ?? ""), now: now)
            .filter { backup in
                backup.takenFrom == here && backup.takenFromInode == inode && backup.takenAt >= earliest
            }
        return BackupDirectory.newestFirst(taken, now: now).lazy.compactMap { backup -> String? in
            if case .store(let owner) = backup.origin { owner } else { nil }
        }.first
    }

    /// A copy of the store whose identity it carries, which takes one of its own at its first
    /// write: the inode it records is another file's (a `cp` of the store), or it is a backup
    /// under another name than its store's (the `STORE.backup-location` beside it names
    /// another identity, or there is none). Only a recorded inode that is a number says
    /// "another file": one another program spoiled ('abc') counts as none, as a spoiled
    /// identity does.
    static func isCopy(_ db: Database, path: String, inode: String) throws -> Bool {
        if let recorded = try metadata(fileInodeKey, db), UInt64(recorded) != nil { return recorded != inode }
        guard try isBackup(db), let identity = try identity(db) else { return false }
        return BackupLocation.read(store: path)?.identity != identity
    }

    /// Whether the file is one of nudge's backups: each records when it was taken, which a
    /// restore removes.
    static func isBackup(_ db: Database) throws -> Bool {
        try metadata(backupTakenAtKey, db) != nil
    }

    /// A backup under its backup name (in a backup folder) is not opened for writing: written
    /// to, it would be a second store with the identity of the store it was taken of, each
    /// thinning the other's backups. One a person put in place of the store by hand, under
    /// another name, becomes the store at its first write-opening (`claimIdentity`), as README
    /// promises: it keeps its identity, and is no backup any more; one copied to any other
    /// name is another store (`isCopy`).
    static func refuseBackup(_ db: Database, path: String) throws {
        guard let takenAt = try metadata(backupTakenAtKey, db),
            BackupDirectory.instant(ofFileName: (path as NSString).lastPathComponent) != nil
        else { return }
        throw StoreError.backup(
            path: path, takenAt: Timestamp.parse(takenAt).map(Timestamp.format) ?? "an unknown time",
            takenFrom: try metadata(backupStorePathKey, db))
    }

    /// `refuseBackup` for the commands that write a store without opening it for writing
    /// (`backup`, `restore`): a backup under its backup name is neither backed up (it would
    /// thin its store's own backups) nor restored over. Read under SQLite's locks, nothing
    /// written; nothing for a file that is not there or SQLite cannot read (the command's own
    /// opening says why).
    public static func refuseBackup(at path: String) throws(StoreError) {
        guard BackupDirectory.instant(ofFileName: (path as NSString).lastPathComponent) != nil,
            FileManager.default.fileExists(atPath: path)
        else { return }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        do {
            try openReadOnly(path, configuration).read { db in try refuseBackup(db, path: path) }
        } catch let error as StoreError {
            throw error
        } catch {}
    }

    /// When the backup under its backup name at `path` was taken, and from which store's path;
    /// nil for a file that is no such backup (a store, or none). Read as `refuseBackup(at:)`.
    public static func backupTaken(at path: String) -> (takenAt: String, takenFrom: String?)? {
        do { try refuseBackup(at: path) } catch {
            if case .backup(_, let takenAt, let takenFrom) = error { return (takenAt, takenFrom) }
        }
        return nil
    }

    /// The inode of the file at `path` (through links), as text; nil when it cannot be read.
    private static func fileInode(_ path: String) -> String? {
        var status = stat()
        return stat(path, &status) == 0 ? String(status.st_ino) : nil
    }

    private static func metadata(_ key: String, _ db: Database) throws -> String? {
        guard try db.tableExists("store_metadata") else { return nil }
        return try String.fetchOne(db, sql: "SELECT value FROM store_metadata WHERE key = ?", arguments: [key])
    }
}
