import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A write-ahead log (or rollback journal) left beside a store whose file is gone or empty
/// (another program removed only the main file): it may hold the last commits, and SQLite
/// discards it once a database is made at that path again, as a restore does. It is moved
/// aside first, kept under the restore's name for the store before it.
public enum OrphanLog {
    /// Moves the log beside `store` to `keptBase` with its suffix (`.2`... before the suffix
    /// when that is taken; never over a file) when the store's file is not there or empty;
    /// returns where it is now and its size. Nil when there is none, or it could not be moved
    /// (then the restore goes on, as before: nothing is lost by trying).
    public static func keepAside(of store: String, as keptBase: String) -> (path: String, size: Int)? {
        var status = stat()
        let fileGone = lstat(store, &status) != 0 && errno == ENOENT
        guard fileGone || (status.st_mode & S_IFMT == S_IFREG && status.st_size == 0) else { return nil }
        for suffix in ["-wal", "-journal"] {
            var log = stat()
            guard lstat(store + suffix, &log) == 0, log.st_mode & S_IFMT == S_IFREG, log.st_size > 0 else {
                continue
            }
            for attempt in 1...99 {
                let base = attempt == 1 ? keptBase : "\(keptBase).\(attempt)"
                // A log's database half (`pair`) takes the name without its suffix.
                if suffix == "-wal", lstat(base, &log) == 0 { continue }
                let target = base + suffix
                // A link never replaces a file that is there.
                if link(store + suffix, target) == 0 {
                    unlink(store + suffix)
                    // The index of the log just moved is of no use beside the path.
                    unlink(store + "-shm")
                    return (target, Int(log.st_size))
                }
                if errno != EEXIST { return nil }
            }
        }
        return nil
    }

    /// Gives a log `keepAside` kept its database half: a copy of `backup` (the one restored,
    /// which SQLite's backup took from the same store page for page) under the log's name without
    /// `-wal`, so that `sqlite3 KEPT` reads the two together: SQLite reads a log beside a file of
    /// pages, and deletes one beside an empty file or none (hostile round 30 on issue 39: the log
    /// was kept alone, or beside a kept empty store named `.2`). The log's pages are read over
    /// the backup's. The database half's path; nil when it could not be made.
    public static func pair(_ log: String, with backup: String) -> String? {
        guard log.hasSuffix("-wal") else { return nil }
        let database = String(log.dropLast("-wal".count))
        var status = stat()
        guard lstat(database, &status) != 0 else { return nil }
        do { try PrivateCopy.copyBytes(backup, to: database, creating: true, keeping: database) } catch {
            unlink(database)
            return nil
        }
        return database
    }
}
