import Foundation
import GRDB
import NudgeCore

/// What SQLite's errors mean for a person: a full disk, a file that is not a database, a
/// damaged or read-only one, each with its fix.
extension Store {
    func failure(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError { return Self.failure(error, path: path, opening: false) }
        return .failed(path: path, reason: String(describing: error))
    }

    static func failure(_ error: DatabaseError, path: String, opening: Bool) -> StoreError {
        // Even a reading command writes SQLite's -shm beside the store: a full disk is said as such.
        if DiskError.reason(error, at: path) == DiskError.describe(ENOSPC) {
            let folder = PathText.directory(of: path).isEmpty ? "." : PathText.directory(of: path)
            return .notWritable(
                path: path, reason: DiskError.describe(ENOSPC),
                fix: "free space on it (df -h \(folder)), then try again")
        }
        switch error.resultCode {
        case .SQLITE_NOTADB: return .notADatabase(path: path)
        // After the busy timeout (hostile round 27: "cannot open ...: database is locked; set
        // NUDGE_STORE to another store's path", exit 66, sent the person to an empty store).
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path)
        case .SQLITE_IOERR where StaleLogIndex.isStale(error): return .staleLogIndex(path: path)
        case .SQLITE_CORRUPT: return .damaged(path: path, reason: error.message ?? "database disk image is malformed")
        case .SQLITE_READONLY:
            return .notWritable(
                path: path, reason: error.message ?? "it is read-only", fix: "make it and its directory writable")
        case .SQLITE_CANTOPEN where opening: return .cannotOpen(path: path, reason: "unable to open the database file")
        default:
            return opening
                ? .cannotOpen(path: path, reason: error.message ?? error.description)
                : .failed(path: path, reason: error.message ?? error.description)
        }
    }
}
