import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// An errno as a person reads it: a full disk is named as such.
enum DiskError {
    static func describe(_ code: Int32) -> String {
        code == ENOSPC || code == EDQUOT ? "the disk is full" : String(cString: strerror(code))
    }

    /// SQLite's reason for a failure, a full disk named as such (SQLite says "database or disk
    /// is full", or "not an error" when its message was lost).
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DatabaseError else { return String(describing: error) }
        if error.resultCode == .SQLITE_FULL { return describe(ENOSPC) }
        return error.message ?? error.description
    }
}
