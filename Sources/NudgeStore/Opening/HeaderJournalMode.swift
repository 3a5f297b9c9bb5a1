import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A SQLite file's journal mode as its header records it (bytes 18 and 19, the file format's
/// write and read versions: 1 a rollback journal, 2 WAL). A store read as a copy in memory (on
/// a full disk, or one without nudge's tables) answers `PRAGMA journal_mode` with the copy's
/// "memory" (hostile round 30: doctor said `journal memory` of a WAL store on a full disk).
enum HeaderJournalMode {
    /// "wal", "rollback", or what the header holds instead (`header bytes 3, 3`, `unreadable`).
    static func of(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return "unreadable (\(String(cString: strerror(errno))))" }
        defer { close(descriptor) }
        var versions: [UInt8] = [0, 0]
        guard pread(descriptor, &versions, 2, 18) == 2 else { return "unreadable (a header shorter than 20 bytes)" }
        switch (versions[0], versions[1]) {
        case (2, 2): return "wal"
        case (1, 1): return "rollback"
        default: return "of header bytes \(versions[0]), \(versions[1]) (1 rollback, 2 WAL)"
        }
    }
}
