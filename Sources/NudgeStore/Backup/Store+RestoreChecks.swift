import Foundation
import GRDB
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// What a restore checks of a backup before it copies anything.
extension Store {
    /// A backup to restore: a sound SQLite file with nudge's tables in nudge's shape, migrated
    /// by this nudge or an older one. `name` is how the refusal names it (a pinned copy is
    /// named as the backup it is of).
    static func checkRestorable(_ path: String, named name: String? = nil) throws(BackupFailure) {
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
        try checkLogBeside(path)
        let file = path
        let path = name ?? path
        let contents = BackupDirectory.inspect(file)
        guard contents.isSound else {
            throw BackupFailure(
                description:
                    "\(path) is not a sound SQLite file (\(contents.check)); the store was left as it is; give another backup",
                exitCode: 65)
        }
        if let problem = shapeProblem(file) {
            throw BackupFailure(
                description: "\(path) cannot be restored: \(problem); the store was left as it is", exitCode: 65)
        }
    }

    /// Why a sound SQLite file is not a store this nudge can restore: not nudge's, a newer
    /// nudge's, or nudge's tables in another shape.
    private static func shapeProblem(_ file: String) -> String? {
        do {
            return try BackupDirectory.openImmutable(file).read { db -> String? in
                let applied = try Schema.applied(db)
                if applied.isEmpty { return "it is not a nudge store (no nudge tables)" }
                let unknown = Set(applied).subtracting(Schema.identifiers)
                if !unknown.isEmpty {
                    return "a newer nudge made it (unknown migrations: \(unknown.sorted().joined(separator: ", ")))"
                }
                return try StoreShape.problem(db).map { "\($0) (another program shaped it)" }
            }
        } catch {
            return "it is not a nudge store (\(error))"
        }
    }

    /// Refuses a backup with a write-ahead log beside it, which reading the file alone (or a
    /// copy of it) would leave out, or the journal of a write cut off that cannot be played back.
    static func checkLogBeside(_ path: String) throws(BackupFailure) {
        var log = stat()
        if stat(path + "-wal", &log) == 0, log.st_size > 0 {
            throw BackupFailure(
                description:
                    "the backup \(path) has a write-ahead log beside it (\(path)-wal) that reading it alone would leave out; the store was left as it is; fold it in first (sqlite3 \(path) 'PRAGMA wal_checkpoint(TRUNCATE)') or give another backup",
                exitCode: 65)
        }
        // A write cut off: its journal holds the pages as they were, and is played back, as
        // SQLite and nudge's own openings do (the file read alone was called "not a sound
        // SQLite file": hostile round 24 on issue 39); refused only when that cannot be done.
        if HotJournal.isHot(path + "-journal") { HotJournal.playBack(path) }
        if HotJournal.isHot(path + "-journal") {
            throw BackupFailure(
                description:
                    "the backup \(path) has the journal of a write that was cut off beside it (\(path)-journal); read alone it is half-written; the store was left as it is; roll that write back first (sqlite3 \(path) 'PRAGMA quick_check') or give another backup",
                exitCode: 65)
        }
    }
}
