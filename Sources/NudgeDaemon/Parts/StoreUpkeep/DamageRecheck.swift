import CNudgeLinux
import Foundation
import NudgeStore

/// SQLite's quick check of a store the daemon said was damaged, run again after the store
/// changed (a restore wrote it, or another daemon's record says a warning is on screen): on
/// its own thread and with the backups' connection, as on a large store it takes seconds.
/// Nil when the store passes, else SQLite's complaint.
struct DamageRecheck: Sendable {
    let connection: DailyBackup.Connection
    let storePath: String

    /// Runs on a thread of its own, then hands what it found to `finished`; the semaphore is
    /// signalled after that, for a daemon that stops to wait on.
    func start(finished: @escaping @Sendable (String?) -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            nudge_name_this_thread("nudge recheck")
            finished(run())
            done.signal()
        }
        thread.start()
        return done
    }

    func run() -> String? {
        do throws(StoreError) {
            let store: Store
            if let kept = connection.store {
                store = kept
            } else {
                store = try Store(readingOnly: storePath)
                connection.store = store
            }
            defer { try? store.releaseMemory() }
            return try store.quickCheck()
        } catch {
            if case .damaged(_, let reason) = error { return reason }
            return error.description
        }
    }
}
