import Foundation
import GRDB
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// How a command that only reads opens the live store.
extension Store {
    /// The live store is read through SQLite's locks, as any writer expects: a read sees whole
    /// transactions, never a page another process is writing. In WAL mode that may leave an
    /// empty `-wal` and a `-shm` beside the store. Only a store on a read-only file system, which
    /// no one can write, is opened immutable (SQLite could make no `-shm` there).
    ///
    /// On a full disk SQLite cannot grow a new `-shm` to its 32 KiB (hostile round 28 on issue
    /// 39: every listing, export and `backup --output` elsewhere said "cannot write the store"):
    /// the store is then read as `copiedWithWALIndexInMemory` reads it. Never `immutable`, which
    /// takes no lock and tore reads beside a writer (issue 39, item 1).
    static func openReadOnly(_ path: String, _ configuration: Configuration) throws -> DatabaseQueue {
        HotJournal.playBack(path)
        var fileSystem = statvfs()
        if statvfs(path, &fileSystem) == 0, fileSystem.f_flag & UInt(ST_RDONLY) != 0, path.hasPrefix("/") {
            return try DatabaseQueue(path: "file:\(uriEscaped(path))?immutable=1", configuration: configuration)
        }
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch let full as DatabaseError where DiskError.isFull(full, at: path) {
            // The failed open left the -shm SQLite made (3 bytes): it is opened read-only now.
            guard FileManager.default.fileExists(atPath: path + "-shm") else { throw full }
            do { return try copiedWithWALIndexInMemory(path, configuration) } catch { throw full }
        }
    }

    /// Held while a connection to a store opens its `-shm`. SQLite shares one `-shm` mapping
    /// among all of a process's connections to a file, as it was first opened: a connection
    /// opened while `copiedWithWALIndexInMemory`'s read-only one is open could never write.
    static let sharedMemoryOpening = Mutex<Void>(())

    /// The store read with its `-shm` opened read-only (`readonly_shm`): SQLite builds the WAL
    /// index in this process's memory and still takes the WAL's read locks, so a writer's
    /// commit is seen whole or not at all. Copied into memory and closed at once (the person
    /// waits for a read of the whole store, on a full disk only).
    private static func copiedWithWALIndexInMemory(_ path: String, _ configuration: Configuration) throws
        -> DatabaseQueue
    {
        try sharedMemoryOpening.withLock { _ in
            let file = try DatabaseQueue(path: "file:\(uriEscaped(path))?readonly_shm=1", configuration: configuration)
            let copy = try DatabaseQueue()
            try file.backup(to: copy)
            try file.close()
            return copy
        }
    }

    /// A path as the path part of a SQLite `file:` URI.
    static func uriEscaped(_ path: String) -> String {
        path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
            .replacingOccurrences(of: "#", with: "%23")
    }
}
