import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A write-ahead log beside a store whose file keeps a rollback journal is no log of that file:
/// SQLite removes the log before it turns a file back to a rollback journal, so it is the log of
/// a file another program copied over (`cp BACKUP STORE` after the daemon was killed, hostile
/// round 22 on issue 39). SQLite opens any `-wal` it finds at its first read, and would read
/// that file's commits into the copy: every connection nudge opens on the store sets such a
/// log aside first (`STORE.before-overwrite-INSTANT-wal`).
public enum ForeignLog {
    public struct SetAside: Sendable, Equatable {
        public let path: String
        public let size: Int
    }

    private static let setAside = Mutex<[SetAside]>([])

    /// For `Configuration.prepareDatabase`: runs on the new connection before anything reads.
    static func setAsideIfForeign(_ db: Database, store path: String) {
        var log = stat()
        guard lstat(path + "-wal", &log) == 0, log.st_mode & S_IFMT == S_IFREG, log.st_size > 0,
            StoreOverwrite.keepsRollbackJournal(db.sqliteConnection),
            let kept = StoreOverwrite.moveAside(log: path + "-wal", size: Int(log.st_size), of: path, now: Date())
        else { return }
        setAside.withLock { $0.append(SetAside(path: kept.path, size: kept.size)) }
    }

    /// The logs set aside in this process since the last call, for the log or standard error.
    public static func take() -> [SetAside] {
        setAside.withLock { taken in
            defer { taken.removeAll() }
            return taken
        }
    }

    /// What a person reads of one.
    public static func said(_ kept: SetAside) -> String {
        "the write-ahead log beside the store (\(WriteAheadLogCommits.sizeAndCount(kept.size, at: kept.path))) was another file's (the store's file was copied over, and commits made since read that file's log too); SQLite would have read it into the store: kept as \(kept.path)"
    }
}
