import CNudgeLinux
import Foundation
import NudgeCore
import NudgeStore

/// One daily backup, taken on its own thread with its own read-only connection: on a large
/// store the copy and SQLite's quick check take tens of seconds, and the event loop must stay
/// free to ring an alarm meanwhile. What it found comes back to the loop as an event.
struct DailyBackup: Sendable {
    /// The backups' read-only connection, opened by the first and kept for the daemon's life:
    /// a GRDB queue let go of starts libdispatch's worker-pool monitor, which then wakes the
    /// daemon every second. Used by one backup at a time (`BackupKeeper`).
    final class Connection: @unchecked Sendable {
        var store: Store?
        init() {}
    }

    let connection: Connection
    let storePath: String
    let directory: String
    /// The store's identity: its backups are the ones thinned, and offered for a restore.
    let identity: String?
    let takenAt: Date
    let clock: WallClock

    /// What the backup, the thinning and the quick check found.
    struct Outcome: Sendable {
        var directory: String
        var takenAt: Date
        var backup: BackupFile?
        var removed: Int
        /// Why no backup was written; nil when one was.
        var failure: String?
        /// The store's own backups when none was written.
        var earlierBackups = 0
        /// SQLite's complaint about the store; nil when its quick check passed.
        var damage: String?
        /// The newest backup that passes its check, looked for only when the store is damaged.
        var restoreFrom: BackupFile?
    }

    /// Runs on a thread of its own, then hands the outcome to `finished`; the semaphore is
    /// signalled after that, for a daemon that stops to wait on (a backup cut off midway
    /// leaves a temporary file until the next thinning).
    func start(finished: @escaping @Sendable (Outcome) -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            nudge_name_this_thread("nudge backup")
            finished(run())
            done.signal()
        }
        thread.start()
        return done
    }

    func run() -> Outcome {
        var outcome = Outcome(directory: directory, takenAt: takenAt, backup: nil, removed: 0)
        let store: Store
        do throws(StoreError) {
            if let kept = connection.store {
                store = kept
            } else {
                store = try Store(readingOnly: storePath)
                connection.store = store
            }
        } catch {
            outcome.failure = error.description
            outcome.earlierBackups = earlierBackups()
            if case .damaged(_, let reason) = error {
                outcome.damage = reason
                outcome.restoreFrom = newestSound()
            }
            return outcome
        }
        // Kept until the next backup: it need not hold what this one read meanwhile.
        defer { try? store.releaseMemory() }
        do {
            outcome.backup = try store.backUp(into: directory, at: takenAt)
            if let backup = outcome.backup, case .store(let owner) = backup.origin {
                outcome.removed =
                    BackupDirectory.thin(
                        directory, store: storePath, identity: owner, keeping: backup.path, clock: clock, now: takenAt
                    )
                    .count
            }
            BackupDirectory.removeAbandoned(in: directory)
            AbandonedFiles.removeTemporary(beside: storePath, prefix: Store.restoreTemporaryPrefix, now: Date())
        } catch {
            outcome.failure = error.description
            outcome.earlierBackups = earlierBackups()
        }
        do { outcome.damage = try store.quickCheck() } catch { outcome.damage = error.description }
        if outcome.damage != nil {
            outcome.restoreFrom = newestSound()
        }
        return outcome
    }

    /// The folders a damaged store's backups and a failed backup's earlier ones are looked for
    /// in: the one backups go to, and the one `backup.directory` named before (a restore may
    /// have brought back an older setting, and the newest backups are in the other).
    private var formerFolders: [String] { BackupDirectory.formerFolders(store: storePath, besides: directory) }

    /// The store's own backups: another store's in a shared folder, a file that is no backup and
    /// one taken before identities (which may be another's) keep nothing of this store.
    private func earlierBackups() -> Int {
        BackupDirectory.list(in: directory, now: takenAt, identity: identity, store: storePath).filter {
            if case .store = $0.origin { true } else { false }
        }.count + BackupDirectory.own(in: formerFolders, now: takenAt, identity: identity).count
    }

    private func newestSound() -> BackupFile? {
        BackupDirectory.newestSound(in: directory, now: takenAt, identity: identity, formerFolders: formerFolders)
    }
}
