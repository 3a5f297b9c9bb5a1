import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// How long the daemon's loop waits for another program's lock: briefly. A minute's wait (the
/// commands' `LockWait.longest`) would keep every notification, click and bell waiting on the
/// loop meanwhile; refused, the daemon shows what is due all the same and writes its record
/// once the lock is let go.
extension Store {
    /// From now on this connection waits at most `seconds` for another program's lock.
    public func waitingForLocks(atMost seconds: TimeInterval) {
        let milliseconds = Int32((seconds * 1000).rounded())
        lockWait.milliseconds.withLock { $0 = milliseconds }
        database.writeWithoutTransaction { db in _ = sqlite3_busy_timeout(db.sqliteConnection, milliseconds) }
    }

    /// Puts back the connection's wait after something that set it to 0 (a checkpoint that must
    /// not wait): the one chosen by `waitingForLocks`, or the one the connection was opened with.
    func restoreLockWait(_ connection: OpaquePointer?) {
        if let chosen = lockWait.milliseconds.withLock({ $0 }) {
            sqlite3_busy_timeout(connection, chosen)
        } else if case .timeout(let seconds) = database.configuration.busyMode {
            sqlite3_busy_timeout(connection, Int32(seconds * 1000))
        }
    }
}

/// The wait a connection was given after it was opened, if any (milliseconds).
final class ChosenLockWait: Sendable {
    let milliseconds = Mutex<Int32?>(nil)
}
