import Foundation
import GRDB
import GRDBSQLite
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// A backup's file written through SQLite's C interface rather than a GRDB queue of its own. A
/// GRDB queue that is let go of hands its queue-specific values to a libdispatch worker to free,
/// and the first worker starts libdispatch's worker-pool monitor: a timer that wakes the daemon
/// every second from then on, for as long as it runs.
enum BackupCopy {
    /// Copies every page of `source` (in its read transaction) into the empty file at `path`,
    /// turns it to rollback-journal mode, records `takenAt` in it (`store_metadata`) and
    /// `identity` where the store had none, and the path and inode of the store file it was
    /// taken from (`takenFrom`), and returns SQLite's integrity check of it.
    static func write(from source: Database, to path: String, takenAt: Date, identity: String?, takenFrom: String)
        throws -> IntegrityCheck
    {
        var opened: OpaquePointer?
        let openCode = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard let copy = opened else { throw DatabaseError(resultCode: ResultCode(rawValue: openCode)) }
        defer { sqlite3_close_v2(copy) }
        guard openCode == SQLITE_OK else { throw error(copy, openCode) }
        guard let backup = sqlite3_backup_init(copy, "main", source.sqliteConnection, "main") else {
            throw error(copy, sqlite3_errcode(copy))
        }
        var code = SQLITE_OK
        // Busy or locked: another process holds the file for a moment; SQLite's busy timeout
        // does not cover the backup's steps, so wait here, at most 60 s as the store does.
        for _ in 0..<600 {
            code = sqlite3_backup_step(backup, -1)
            guard code == SQLITE_BUSY || code == SQLITE_LOCKED else { break }
            sqlite3_sleep(100)
        }
        let finished = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else { throw error(copy, code == SQLITE_OK ? finished : code) }
        let journal = sqlite3_exec(copy, "PRAGMA journal_mode = DELETE", nil, nil, nil)
        guard journal == SQLITE_OK else { throw error(copy, journal) }
        // The store file's inode is the store's: a backup put in place by hand keeps the identity.
        let forget = sqlite3_exec(
            copy, "DELETE FROM store_metadata WHERE key = '\(Store.fileInodeKey)'", nil, nil, nil)
        guard forget == SQLITE_OK else { throw error(copy, forget) }
        try put(copy, Store.backupTakenAtKey, Timestamp.format(takenAt))
        if let identity { try put(copy, Store.identityKey, identity) }
        var status = stat()
        if let absolute = realpath(takenFrom, nil) {
            defer { free(absolute) }
            try put(copy, Store.backupStorePathKey, String(cString: absolute))
        }
        if stat(takenFrom, &status) == 0 { try put(copy, Store.backupStoreInodeKey, String(status.st_ino)) }
        return IntegrityCheck(answers: try answers(copy, "PRAGMA integrity_check"))
    }

    /// A value of the backup's `store_metadata` (the instant inside it orders it whatever its
    /// name says).
    private static func put(_ copy: OpaquePointer, _ key: String, _ value: String) throws {
        var statement: OpaquePointer?
        let sql = "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)"
        let prepared = sqlite3_prepare_v2(copy, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw error(copy, prepared) }
        defer { sqlite3_finalize(statement) }
        // SQLITE_TRANSIENT: SQLite copies the text before the call returns.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        sqlite3_bind_text(statement, 1, key, -1, transient)
        sqlite3_bind_text(statement, 2, value, -1, transient)
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw error(copy, code) }
    }

    private static func answers(_ connection: OpaquePointer, _ sql: String) throws -> [String] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw error(connection, prepared) }
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while true {
            let code = sqlite3_step(statement)
            guard code == SQLITE_ROW else {
                if code == SQLITE_DONE { return rows }
                throw error(connection, code)
            }
            rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
    }

    private static func error(_ connection: OpaquePointer, _ code: Int32) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)))
    }
}
