import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// The store's write-ahead log moved or cut under its index: the `-shm` names commits past the
/// `-wal`'s end, and SQLite fails every read with SQLITE_IOERR_SHORT_READ. The daemon does this
/// on purpose when a copy is put in place of the store (`StoreOverwrite.setAsideFormerLog`
/// moves the file before's log aside, then removes its index): a connection that opened the
/// index in the moment between, or in a process that still had it open (SQLite keeps one
/// index per file and process, shared by every connection), read the new log through the old
/// index (issue 39: `nudge log` failed 5 times in 22 under load, told to choose another store).
/// Opened again with none of the process's connections on the old index, it reads the log and
/// the index now beside the store.
enum StaleLogIndex {
    /// How long an opening is tried again: the daemon removes the index a moment after the log.
    static let bound: TimeInterval = 5

    static func isStale(_ error: DatabaseError) -> Bool {
        error.extendedResultCode == .SQLITE_IOERR_SHORT_READ
    }

    /// Runs `body`, an opening of the store at `path` whose connections are closed when it
    /// throws, again while it fails on a stale index, for up to `bound`; at once when this
    /// process holds the old index (`isHeldHere`), which no opening again can leave.
    static func retrying<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(bound)
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where isStale(error) && Date() < deadline && !isHeldHere(path) {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    /// Whether this process maps an index of the store's log other than the one now beside it
    /// (removed or replaced since): a connection of its own still reads through it, as the
    /// daemon's connection does once it lets go of a store overwritten under it.
    static func isHeldHere(_ path: String) -> Bool {
        guard let file = realpath(path, nil) else { return false }
        defer { free(file) }
        let index = String(cString: file) + "-shm"
        var status = stat()
        let current = stat(index, &status) == 0 ? String(status.st_ino) : nil
        guard let maps = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return false }
        // `ADDRESS PERMS OFFSET DEVICE INODE PATH`, a removed file's path ending " (deleted)".
        return String(decoding: maps, as: UTF8.self).split(separator: "\n").contains { line in
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            let name = fields.count == 6 ? fields[5].trimmingCharacters(in: .whitespaces) : ""
            guard name == index || name == index + " (deleted)" else { return false }
            return String(fields[4]) != current
        }
    }
}
