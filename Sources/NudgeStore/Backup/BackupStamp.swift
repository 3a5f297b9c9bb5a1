import Foundation
import GRDBSQLite
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Whose a backup is, as read from inside it.
public enum BackupOrigin: Sendable, Equatable {
    /// A backup of the store of this identity.
    case store(String)
    /// A nudge backup taken before stores had identities: it may be of any store that shares
    /// the directory.
    case unmarked
    /// A SQLite file that is not a nudge store.
    case foreign
    /// A file SQLite cannot read: its complaint.
    case damaged(String)
    /// A file this user may not open (EACCES, EPERM: mode 000, another user's 0600 file in a
    /// shared folder): whose it is and what it holds are unknown, so it is no one's to thin,
    /// and never damaged. The reason, as `strerror` says it.
    case unreadable(String)
}

/// What a backup says of itself: whose it is and when it was taken, from its `store_metadata`.
/// Read through SQLite's C interface (no GRDB queue: see `BackupCopy`), immutable (nothing is
/// written beside it), in one query: a directory of 30 backups is read in milliseconds.
struct BackupStamp {
    var origin: BackupOrigin
    /// Nil for a backup taken before backups recorded it.
    var takenAt: Date?
    /// The inode a live store records of its own file; a backup records none.
    var fileInode: String? = nil
    /// The path and inode of the store file it was taken from; nil in one an older nudge took.
    var takenFrom: String? = nil
    var takenFromInode: String? = nil

    /// Nil when the file is gone.
    static func read(_ path: String) -> BackupStamp? {
        // SQLite says "unable to open database file" for a file it may not open, which would
        // read as damage; asked first, the kernel says why.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 || (errno != EACCES && errno != EPERM) else {
            return BackupStamp(origin: .unreadable(String(cString: strerror(errno))), takenAt: nil)
        }
        if descriptor >= 0 { close(descriptor) }
        var opened: OpaquePointer?
        defer { sqlite3_close_v2(opened) }
        let code = sqlite3_open_v2(
            "file:\(Store.uriEscaped(path))?immutable=1", &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        guard code == SQLITE_OK, let connection = opened else { return damaged(path, opened, code) }
        var statement: OpaquePointer?
        let sql = "SELECT key, value FROM store_metadata WHERE key IN (?, ?, ?, ?, ?)"
        let prepared = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        guard prepared == SQLITE_OK, let statement else {
            if prepared == SQLITE_ERROR, String(cString: sqlite3_errmsg(connection)).hasPrefix("no such table") {
                return BackupStamp(origin: .foreign, takenAt: nil)
            }
            return damaged(path, connection, prepared)
        }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        sqlite3_bind_text(statement, 1, Store.identityKey, -1, transient)
        sqlite3_bind_text(statement, 2, Store.backupTakenAtKey, -1, transient)
        sqlite3_bind_text(statement, 3, Store.fileInodeKey, -1, transient)
        sqlite3_bind_text(statement, 4, Store.backupStorePathKey, -1, transient)
        sqlite3_bind_text(statement, 5, Store.backupStoreInodeKey, -1, transient)
        var values: [String: String] = [:]
        var step = sqlite3_step(statement)
        while step == SQLITE_ROW {
            if let key = sqlite3_column_text(statement, 0), let value = sqlite3_column_text(statement, 1) {
                values[String(cString: key)] = String(cString: value)
            }
            step = sqlite3_step(statement)
        }
        guard step == SQLITE_DONE else { return damaged(path, connection, step) }
        return BackupStamp(
            // An identity another program spoiled is no store's: listed for every store, thinned by none.
            origin: Store.wellFormed(values[Store.identityKey]).map { .store($0) } ?? .unmarked,
            takenAt: values[Store.backupTakenAtKey].flatMap(Timestamp.parse), fileInode: values[Store.fileInodeKey],
            takenFrom: values[Store.backupStorePathKey], takenFromInode: values[Store.backupStoreInodeKey])
    }

    private static func damaged(_ path: String, _ connection: OpaquePointer?, _ code: Int32) -> BackupStamp? {
        guard access(path, F_OK) == 0 else { return nil }
        let reason = connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        return BackupStamp(origin: .damaged(reason), takenAt: nil)
    }
}
