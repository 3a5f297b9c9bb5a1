import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The store's write-ahead log removed under the daemon's connection. SQLite removes the `-wal`
/// beside a store file of no pages when it opens one, and `cp BACKUP STORE` leaves the file
/// empty for a moment: any program opening the store then removed the log the daemon's
/// connection reads, and the index beside the store (`-shm`), kept alive by that connection,
/// still named the removed log's commits. Every other program read the next log through it and
/// failed (SQLITE_IOERR_SHORT_READ, "choose another store"), for as long as the daemon ran on:
/// nothing they committed woke it (issue 39: StoreOverwriteTests, 3 of 10 runs under load).
enum RemovedLog {
    /// Whether this process holds the log of the store at `path` open under a name that no
    /// longer names it (the kernel says "(deleted)").
    static func isRemoved(under path: String) -> Bool {
        opened(path).contains { $0.hasSuffix("-wal (deleted)") }
    }

    /// Removes the index beside the store at `path` when it is the one this process holds open
    /// and the log it indexes was removed: it names commits no log beside the store has, and a
    /// program opening the store after makes an index of its own.
    static func removeStaleIndex(of path: String) {
        let held = opened(path)
        guard held.contains(where: { $0.hasSuffix("-wal (deleted)") }), held.contains(where: { $0.hasSuffix("-shm") })
        else { return }
        unlink(path + "-shm")
    }

    /// What this process's descriptors of the store's `-wal` and `-shm` name, as the kernel says.
    private static func opened(_ path: String) -> [String] {
        guard let file = realpath(path, nil) else { return [] }
        defer { free(file) }
        let names = ["-wal", "-shm"].flatMap {
            [String(cString: file) + $0, String(cString: file) + $0 + " (deleted)"]
        }
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)
        }
        .filter { names.contains($0) }
    }
}
