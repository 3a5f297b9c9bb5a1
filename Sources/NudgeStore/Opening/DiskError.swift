import Foundation
import GRDB
import GRDBSQLite
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// An errno as a person reads it: a full disk is named as such.
enum DiskError {
    static func describe(_ code: Int32) -> String {
        code == ENOSPC || code == EDQUOT ? "the disk is full" : String(cString: strerror(code))
    }

    /// Whether SQLite failed for want of room where `path` is (`reason`'s full disk).
    static func isFull(_ error: any Error, at path: String) -> Bool {
        reason(error, at: path) == describe(ENOSPC)
    }

    /// SQLite's reason for a failure, a full disk named as such: SQLite says "database or disk
    /// is full", "not an error" when its message was lost, or "disk I/O error" when a write
    /// came short; so an I/O error where `path` is, on a file system with less than a megabyte
    /// left, is a full disk too.
    static func reason(_ error: any Error, at path: String? = nil) -> String {
        guard let error = error as? DatabaseError else { return String(describing: error) }
        if error.resultCode == .SQLITE_FULL { return describe(ENOSPC) }
        if error.resultCode == .SQLITE_IOERR, let path, isNearlyFull(path) { return describe(ENOSPC) }
        guard let message = error.message, message != "not an error" else { return lostMessage(error, at: path) }
        return message
    }

    /// SQLite's message lost (an online backup's step reports its failure by code alone): the
    /// kernel's word on writing `path` (an immutable file, `chattr +i`: "Operation not
    /// permitted"), else the code's own text.
    private static let immutable = "it is immutable or append-only: lsattr shows it; sudo chattr -i -a removes it"

    private static func lostMessage(_ error: DatabaseError, at path: String?) -> String {
        if let path {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 {
                close(descriptor)
            } else if errno == EPERM {
                return "\(path) cannot be written: \(describe(EPERM)) (\(immutable))"
            } else if errno != ENOENT {
                return "\(path) cannot be written: \(describe(errno))"
            }
        }
        return String(cString: sqlite3_errstr(error.extendedResultCode.rawValue))
    }

    private static func isNearlyFull(_ path: String) -> Bool {
        let directory = PathText.directory(of: path)
        var fileSystem = statvfs()
        guard statvfs(directory.isEmpty ? "." : directory, &fileSystem) == 0 else { return false }
        return UInt64(fileSystem.f_bavail) * UInt64(fileSystem.f_frsize) < 1 << 20
    }
}

extension StoreError {
    /// Whether the store could not be written for want of room on its disk.
    public var isDiskFull: Bool {
        guard case .notWritable(_, let reason, _) = self else { return false }
        return reason == DiskError.describe(ENOSPC)
    }
}
