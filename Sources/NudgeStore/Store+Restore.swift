import Foundation
import GRDB
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Putting a backup back in place of the store.
extension Store {
    /// What a restore changed: per kind of record, how many the store had that the backup has
    /// not (written since the backup), and where the store before the restore is kept.
    public struct Restored: Sendable {
        public var notInBackup: [(label: String, count: Int)]
        public var keptAt: String?
    }

    /// Puts the backup at `backupPath` in place of the store at `storePath`.
    ///
    /// The backup must be a sound nudge store (integrity check, nudge's migrations, no table of
    /// nudge's in another shape); it is copied, migrated to this nudge's schema, and written
    /// into the store through SQLite's online backup, one transaction that other connections
    /// (a running daemon) see as any other write. The store before it is first kept whole at
    /// `keptPath`. A store too damaged for SQLite to write into is kept byte for byte and
    /// replaced by a rename.
    public static func restore(
        _ storePath: String, from backupPath: String, keepingCurrentAt keptPath: String, now: Date
    ) throws(BackupFailure) -> Restored {
        let contents = try checkRestorable(backupPath)
        let temporary = try temporaryFile(beside: storePath, prefix: ".nudge-restore-")
        defer { for suffix in ["", "-wal", "-shm"] { unlink(temporary + suffix) } }
        do {
            try BackupDirectory.openImmutable(backupPath).backup(to: DatabaseQueue(path: temporary))
            _ = try Store(path: temporary, now: now)
        } catch {
            throw BackupFailure(
                description: "cannot prepare the backup \(backupPath) for the store: \(error)", exitCode: 74)
        }
        let current =
            FileManager.default.fileExists(atPath: storePath) ? BackupDirectory.counts(storePath, immutable: false) : []
        let kept = FileManager.default.fileExists(atPath: storePath) ? try keep(storePath, at: keptPath) : nil
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(60)
            let store = try DatabaseQueue(path: storePath, configuration: configuration)
            try DatabaseQueue(path: temporary).backup(to: store)
            try store.close()
        } catch {
            try replace(storePath, with: temporary)
        }
        let restored = Dictionary(uniqueKeysWithValues: contents.counts.map { ($0.label, $0.count) })
        let missing = current.compactMap { label, count in
            count > (restored[label] ?? 0) ? (label, count - (restored[label] ?? 0)) : nil
        }
        return Restored(notInBackup: missing, keptAt: kept)
    }

    /// A backup to restore: a sound SQLite file with nudge's tables in nudge's shape, migrated
    /// by this nudge or an older one.
    static func checkRestorable(_ path: String) throws(BackupFailure) -> BackupContents {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw BackupFailure(
                description:
                    "the backup \(path) cannot be read: \(String(cString: strerror(errno))); give a backup's path (nudge backups lists them)",
                exitCode: 66)
        }
        guard status.st_mode & S_IFMT == S_IFREG, access(path, R_OK) == 0 else {
            throw BackupFailure(
                description:
                    "the backup \(path) is not a readable file; give a backup's path (nudge backups lists them)",
                exitCode: 66)
        }
        let contents = BackupDirectory.inspect(path)
        guard contents.isSound else {
            throw BackupFailure(
                description:
                    "\(path) is not a sound SQLite file (\(contents.check)); the store was left as it is; give another backup",
                exitCode: 65)
        }
        let problem: String?
        do {
            problem = try BackupDirectory.openImmutable(path).read { db -> String? in
                let applied = try Schema.applied(db)
                if applied.isEmpty { return "it is not a nudge store (no nudge tables)" }
                let unknown = Set(applied).subtracting(Schema.identifiers)
                if !unknown.isEmpty {
                    return "a newer nudge made it (unknown migrations: \(unknown.sorted().joined(separator: ", ")))"
                }
                return try StoreShape.problem(db).map { "\($0) (another program shaped it)" }
            }
        } catch {
            problem = "it is not a nudge store (\(error))"
        }
        if let problem {
            throw BackupFailure(
                description: "\(path) cannot be restored: \(problem); the store was left as it is", exitCode: 65)
        }
        return contents
    }

    /// Keeps the store as it is now at `keptPath`: through SQLite when it can read it, else
    /// the file and its WAL byte for byte. Never deleted by nudge.
    private static func keep(_ storePath: String, at keptPath: String) throws(BackupFailure) -> String {
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(60)
            configuration.readonly = true
            let kept = try DatabaseQueue(path: keptPath)
            try DatabaseQueue(path: storePath, configuration: configuration).backup(to: kept)
            _ = try kept.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
            try kept.close()
        } catch {
            unlink(keptPath)
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: storePath + suffix) {
                do { try FileManager.default.copyItem(atPath: storePath + suffix, toPath: keptPath + suffix) } catch {
                    throw BackupFailure(
                        description: "cannot keep the store at \(keptPath): \(error); nothing was restored",
                        exitCode: 73)
                }
            }
        }
        chmod(keptPath, 0o600)
        return keptPath
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
        do {
            let file = try DatabaseQueue(path: temporary)
            _ = try file.writeWithoutTransaction { db in try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
            try file.close()
        } catch {
            throw BackupFailure(
                description: "cannot prepare the backup for the store: \(error); the store was left as it is",
                exitCode: 74)
        }
        try sync(temporary)
        unlink(storePath + "-wal")
        unlink(storePath + "-shm")
        guard rename(temporary, storePath) == 0 else {
            throw BackupFailure(
                description: "cannot put the backup in place of \(storePath): \(String(cString: strerror(errno)))",
                exitCode: 73)
        }
        try sync((storePath as NSString).deletingLastPathComponent)
    }
}
