import Foundation
import GRDBSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// A rollback journal another program left beside a SQLite file when it was killed while
/// writing (a "hot" journal): the file holds pages of a transaction that never committed until
/// a connection that may write plays the journal back, as SQLite does at its first read. A
/// read-only connection cannot ("attempt to write a readonly database": every nudge command
/// failed with exit 77, hostile round 19 on issue 39), and an immutable one reads the torn
/// pages as they are (a backup listed "ok" with rows no one committed).
enum HotJournal {
    /// Plays back a hot journal beside `path`, through a connection of its own that reads one
    /// page and never waits for a lock: a lock held means a live writer owns the journal, and
    /// it is not hot. Nothing when there is no journal, `path` is not a regular file, or it may
    /// not be written (the opening that follows says why).
    static func playBack(_ path: String) {
        var status = stat()
        guard stat(path + "-journal", &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0,
            stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG
        else { return }
        var opened: OpaquePointer?
        defer { sqlite3_close_v2(opened) }
        guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let connection = opened
        else { return }
        _ = sqlite3_exec(connection, "PRAGMA schema_version", nil, nil, nil)
    }

    /// Whether `journal` is a rollback journal that plays back: a regular file that begins with
    /// the journal's magic number (one SQLite zeroed or truncated when its write committed
    /// does not).
    static func isHot(_ journal: String) -> Bool {
        var status = stat()
        guard lstat(journal, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size >= 8,
            let handle = FileHandle(forReadingAtPath: journal)
        else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 8)).map(Array.init) == [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]
    }
}
