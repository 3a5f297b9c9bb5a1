import Foundation
import GRDB
import GRDBSQLite

/// Keeping the store file current: the WAL's committed pages copied into it.
extension Store {
    /// What a checkpoint did.
    public enum CheckpointOutcome: String, Sendable, Equatable {
        /// Every committed page is in the store file.
        case copied
        /// A reader of an older snapshot, or a lock, left pages in the `-wal` only.
        case busy
    }

    /// Copies the WAL into the store file through a connection of its own that never waits
    /// for a lock (PASSIVE): other programs read and write on meanwhile, and a reader of an
    /// older snapshot leaves the rest for the next time. Not TRUNCATE: emptying the `-wal`
    /// from another connection counts as a change to every open one (`PRAGMA data_version`),
    /// and the daemon would plan again for nothing (`emptyWriteAheadLogIfIdle` empties it).
    ///
    /// Through SQLite's C interface rather than a GRDB queue: a queue let go of starts
    /// libdispatch's worker-pool monitor, which then wakes the daemon every second (see
    /// `BackupCopy`).
    public static func checkpoint(_ path: String) throws(StoreError) -> CheckpointOutcome {
        var opened: OpaquePointer?
        let openCode = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE, nil)
        defer { sqlite3_close_v2(opened) }
        guard openCode == SQLITE_OK, let connection = opened else {
            throw .failed(path: path, reason: opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open it")
        }
        // A connection learns the store is in WAL mode at its first read; before it, a
        // checkpoint is a no-op that reports success.
        let read = sqlite3_exec(connection, "PRAGMA schema_version", nil, nil, nil)
        guard read == SQLITE_OK else {
            if read == SQLITE_BUSY || read == SQLITE_LOCKED { return .busy }
            throw .failed(path: path, reason: String(cString: sqlite3_errmsg(connection)))
        }
        var log: Int32 = 0
        var copied: Int32 = 0
        // Never waits: busy means another connection holds what PASSIVE would need.
        let code = sqlite3_wal_checkpoint_v2(connection, "main", SQLITE_CHECKPOINT_PASSIVE, &log, &copied)
        switch code {
        case SQLITE_OK: return log == copied ? .copied : .busy
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        default: throw .failed(path: path, reason: String(cString: sqlite3_errmsg(connection)))
        }
    }

    /// Empties the `-wal` (TRUNCATE) through this connection, once a checkpoint has copied it
    /// all: a connection's own checkpoint is no change to it (`PRAGMA data_version`), where
    /// one from another connection would be. Never waits for a lock: false when another
    /// connection is reading or writing the `-wal`, which then stays as it is.
    public func emptyWriteAheadLogIfIdle() throws(StoreError) -> Bool {
        do {
            return try database.writeWithoutTransaction { db in
                let connection = db.sqliteConnection
                sqlite3_busy_timeout(connection, 0)
                defer { restoreLockWait(connection) }
                let code = sqlite3_wal_checkpoint_v2(connection, "main", SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
                switch code {
                case SQLITE_OK: return true
                case SQLITE_BUSY, SQLITE_LOCKED: return false
                default:
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)))
                }
            }
        } catch {
            throw .failed(path: path, reason: String(describing: error))
        }
    }
}
