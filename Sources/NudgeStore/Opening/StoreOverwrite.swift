import Foundation
import GRDB
import GRDBSQLite
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// The store's file overwritten in place by a program that is not SQLite (`cp BACKUP STORE`,
/// a sync tool writing into the file): SQLite's connections already open on it go on with
/// what they knew of the file before (its pages, its write-ahead log's index), and one in
/// write-ahead-log mode holds a shared lock that keeps every writer of a file that keeps a
/// rollback journal (a backup, as nudge writes them) out for as long as it stays open (hostile
/// round 21 on issue 39). Only a connection opened afresh reads the file as it is.
public enum StoreOverwrite {
    /// Whether a connection opened afresh finds the store at `path` sound (SQLite's quick
    /// check), where the daemon's own read it as damaged: then the file was overwritten under
    /// that connection, and is not damaged.
    public static func isSoundAfresh(_ path: String) -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = LockWait.busyMode
        return quickCheck(try? Store.openReadOnly(path, configuration))
    }

    /// Whether the file at `path` alone, as copied, is sound (SQLite's quick check, read
    /// immutable): the `-wal` beside it may be the file before's.
    static func isSoundAsCopied(_ path: String) -> Bool {
        quickCheck(try? BackupDirectory.openImmutable(path))
    }

    private static func quickCheck(_ database: DatabaseQueue?) -> Bool {
        (try? database?.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }) == ["ok"]
    }

    /// Returns once the file at `path` has not changed for `quiet` and is a sound store, or
    /// after `bound` while it keeps changing and reads sound: a copy written into the store
    /// over a while (a sync tool, `dd oflag=sync`, a slow disk) read half-way is neither file,
    /// and was closed as "damaged" or followed with the file before's reminders (hostile round
    /// 22 on issue 39). One that is not sound yet is waited for past `bound` while it changes
    /// (a copy truncated first and written over 20 s was called damaged at 15 s, and the
    /// daemon exited: round 23), until it has not changed for `givenUp` (damaged, then), or
    /// `stop` says to (a SIGTERM), or `limit`. Only on the way to starting again on the file.
    public static func waitUntilSettled(
        _ path: String, quiet: Duration = .seconds(1), bound: Duration = .seconds(15),
        givenUp: Duration = .seconds(10), limit: Duration = .seconds(600), stop: () -> Bool = { false }
    ) {
        // Written to last long enough ago: settled now (a store merely damaged costs no wait).
        var status = stat()
        if stat(path, &status) == 0, Date().timeIntervalSince1970 - TimeInterval(status.st_mtim.tv_sec) >= 2 { return }
        let clock = ContinuousClock()
        let start = clock.now
        var last = stamp(path)
        var unchangedSince = clock.now
        // Read once a second at most: a quick check of a large file takes a while.
        var lastRead: (at: ContinuousClock.Instant, sound: Bool)?
        func isSound() -> Bool {
            if let lastRead, clock.now - lastRead.at < .seconds(1) { return lastRead.sound }
            // An empty file is a sound database to SQLite, and no copy.
            let sound = status.st_size > 0 && isSoundAsCopied(path)
            lastRead = (clock.now, sound)
            return sound
        }
        while clock.now - start < limit, !stop() {
            usleep(100_000)
            let now = stamp(path)
            if now != last {
                (last, unchangedSince, lastRead) = (now, clock.now, nil)
                _ = stat(path, &status)
                if clock.now - start >= bound, isSound() { return }
            } else if clock.now - unchangedSince >= quiet, isSound() || clock.now - unchangedSince >= givenUp {
                return
            }
        }
    }

    /// What identifies the file's content as last written: its inode, size and modification
    /// time, as `inode:size:seconds.nanoseconds`; nil when it cannot be read.
    public static func stamp(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_ino):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }

    /// Moves the write-ahead log beside `store` aside, as `STORE.before-overwrite-INSTANT-wal`
    /// (never over a file), and removes its index, when it was last written before the store
    /// file: it holds the commits of the file before, which SQLite would read into the file now
    /// there as if they were its own (a copy with the former file's pages over it). One written
    /// since holds commits other programs made to the copy, and stays (hostile round 21's
    /// write-ahead-logged copy: setting it aside took three entries out of the store). Returns
    /// where it is kept and its size; nil when it stays, or there was none (or it could not be
    /// moved, and then it is removed: it is no file's).
    public static func setAsideFormerLog(of store: String, now: Date) -> (path: String, size: Int)? {
        var log = stat()
        var file = stat()
        guard lstat(store + "-wal", &log) == 0, log.st_mode & S_IFMT == S_IFREG, stat(store, &file) == 0,
            (log.st_mtim.tv_sec, log.st_mtim.tv_nsec) < (file.st_mtim.tv_sec, file.st_mtim.tv_nsec)
        else { return nil }
        return moveAside(log: store + "-wal", size: Int(log.st_size), of: store, now: now)
    }

    /// Moves `log` (beside `store`, `size` bytes) aside as `STORE.before-overwrite-INSTANT-wal`,
    /// never over a file, and removes the log's index; an empty log is removed. Returns where it
    /// is kept and its size; nil when it was empty (or could not be moved, and then it is
    /// removed: it is no file's).
    static func moveAside(log: String, size: Int, of store: String, now: Date) -> (path: String, size: Int)? {
        defer { unlink(store + "-shm") }
        guard size > 0 else {
            unlink(log)
            return nil
        }
        let base = SetAsideLogs.base(store: store, at: now)
        for attempt in 1...99 {
            let target = (attempt == 1 ? base : "\(base).\(attempt)") + "-wal"
            // A link never replaces a file that is there.
            if link(log, target) == 0 {
                unlink(log)
                return (target, size)
            }
            if errno != EEXIST { break }
        }
        unlink(log)
        return nil
    }

    /// Whether the file of SQLite connection `connection` keeps a rollback journal (its
    /// header's bytes 18 and 19 are 1; a write-ahead-logged one's are 2), read through the
    /// connection's own descriptor: a descriptor of the file opened and closed beside SQLite's
    /// would drop every lock SQLite holds on it in this process (POSIX locks belong to the
    /// process, not the descriptor). False when it cannot be read (an empty, new file).
    static func keepsRollbackJournal(_ connection: OpaquePointer?) -> Bool {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
            let file, let read = file.pointee.pMethods?.pointee.xRead
        else { return false }
        var header = [UInt8](repeating: 0, count: 20)
        guard read(file, &header, Int32(header.count), 0) == SQLITE_OK else { return false }
        return header.prefix(16).elementsEqual("SQLite format 3\0".utf8) && header[18] == 1 && header[19] == 1
    }
}

extension Store {
    /// For a connection whose file was overwritten in place: it never writes the log it holds
    /// (the former file's commits, SQLite's `-wal` even once it is moved aside) into the file
    /// now there. No automatic checkpoint, and no closing, at which SQLite checkpoints: the
    /// process is about to start again on the file, and the connection goes with it.
    public func abandonAfterOverwrite() {
        _ = try? database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        _ = Unmanaged.passRetained(database)
    }

    /// Whether the store's file keeps a rollback journal (`StoreOverwrite.keepsRollbackJournal`):
    /// the connection itself, in write-ahead-log mode, would not notice a copy put in place.
    public func fileKeepsRollbackJournal() -> Bool {
        database.inDatabase { db in StoreOverwrite.keepsRollbackJournal(db.sqliteConnection) }
    }
}
