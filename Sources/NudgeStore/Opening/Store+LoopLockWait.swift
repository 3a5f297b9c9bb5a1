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
    /// not wait): the one chosen by `waitingForLocks`, or the one the connection was opened with,
    /// a command's wait that says so after 2 s too (`LockWait.busyMode`).
    func restoreLockWait(_ connection: OpaquePointer?) {
        if let chosen = lockWait.milliseconds.withLock({ $0 }) {
            sqlite3_busy_timeout(connection, chosen)
            return
        }
        switch database.configuration.busyMode {
        case .timeout(let seconds): sqlite3_busy_timeout(connection, Int32(seconds * 1000))
        case .callback(let callback): lockWait.putBack(callback, on: connection)
        case .immediateError: break
        }
    }
}

/// The wait a connection was given after it was opened, if any (milliseconds), and the busy
/// handler put back on it, held for as long as SQLite may call it.
final class ChosenLockWait: Sendable {
    let milliseconds = Mutex<Int32?>(nil)
    private let handler = Mutex<BusyHandler?>(nil)

    /// `callback` as the connection's busy handler again: SQLite keeps one handler, and
    /// `sqlite3_busy_timeout` replaced GRDB's (a command's wait then failed at once, untold).
    func putBack(_ callback: @escaping Database.BusyCallback, on connection: OpaquePointer?) {
        let box = BusyHandler(callback: callback)
        handler.withLock { held in
            sqlite3_busy_handler(
                connection,
                { box, tries in
                    guard let box else { return 0 }
                    return Unmanaged<BusyHandler>.fromOpaque(box).takeUnretainedValue().callback(Int(tries)) ? 1 : 0
                }, Unmanaged.passUnretained(box).toOpaque())
            held = box
        }
    }
}

/// A busy handler SQLite calls with its tries so far: whether to wait on.
private final class BusyHandler: Sendable {
    let callback: Database.BusyCallback

    init(callback: @escaping Database.BusyCallback) { self.callback = callback }
}
