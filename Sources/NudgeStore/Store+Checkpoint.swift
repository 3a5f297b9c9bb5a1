import Foundation
import GRDB

/// Keeping the store file current: the WAL's committed pages copied into it.
extension Store {
    /// What a checkpoint did.
    public enum CheckpointOutcome: String, Sendable, Equatable {
        /// Every committed page is in the store file.
        case copied
        /// A reader of an older snapshot, or a lock, left pages in the `-wal` only.
        case busy
    }

    /// Copies the WAL into the store file through a connection of its own that never waits
    /// for a lock (PASSIVE): other programs read and write on meanwhile, and a reader of an
    /// older snapshot leaves the rest for the next time. Not TRUNCATE: emptying the `-wal`
    /// from another connection counts as a change to every open one (`PRAGMA data_version`),
    /// and the daemon would plan again for nothing; the next commit starts the `-wal` over.
    public static func checkpoint(_ path: String) throws(StoreError) -> CheckpointOutcome {
        var configuration = Configuration()
        configuration.busyMode = .immediateError
        configuration.label = "nudge.checkpoint"
        do {
            let database = try DatabaseQueue(path: path, configuration: configuration)
            return try database.writeWithoutTransaction { db in
                // (busy, frames in the log, frames copied into the file)
                guard let passive = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(PASSIVE)") else { return .busy }
                let (busy, frames, copied): (Int, Int, Int) = (passive[0], passive[1], passive[2])
                return busy == 0 && frames == copied ? .copied : .busy
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
        {
            return .busy
        } catch {
            throw .failed(path: path, reason: String(describing: error))
        }
    }
}
