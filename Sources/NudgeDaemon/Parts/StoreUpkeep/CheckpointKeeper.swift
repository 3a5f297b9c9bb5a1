import CNudgeLinux
import Foundation
import Logging
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// The store file stays current: once writes to the store (anyone's) have settled, a
/// checkpoint on its own thread copies the WAL into the file, so that the file alone (a copy,
/// a sync tool) holds every committed change within seconds; then, if nothing was written
/// meanwhile, the daemon's connection empties the `-wal`. Armed only by a store event while
/// the `-wal` holds something: an idle daemon never wakes for it.
final class CheckpointKeeper {
    /// A second: long enough for a burst of writes to be one checkpoint, short enough that
    /// start-up's own writes settle within its first seconds, not in the rest that follows.
    static let delay: TimeInterval = 1
    /// Checkpoints in a row a reader may hold back before the keeper waits for the next change.
    static let retryLimit = 12

    /// Fires once writes to the store have settled.
    let timer: OneShotTimer
    private let store: Store
    private let storePath: String
    private let events: EventQueue
    private let logger: Logger
    /// Signalled when the checkpoint on its thread is done; its outcome is an event.
    private var running: DispatchSemaphore?
    /// The `-wal` as the last checkpoint left it (size and change time): the checkpoint's own
    /// writes (to the store file, emptying the `-wal`) are store events too, and must neither
    /// arm the next one nor start the re-checks.
    private var checkpointedWAL: WALState?
    /// Checkpoints in a row that a reader held back.
    private(set) var retries = 0

    init(store: Store, storePath: String, events: EventQueue, logger: Logger) throws(DaemonError) {
        timer = try OneShotTimer()
        self.store = store
        self.storePath = storePath
        self.events = events
        self.logger = logger
    }

    /// Arms (or pushes back) the checkpoint after a store event.
    func schedule() {
        guard let wal = WALState(of: storePath), wal.size > 0, wal != checkpointedWAL else { return }
        timer.arm(after: Self.delay)
    }

    /// Whether the `-wal` is as the last checkpoint left it: a store event then was its own write.
    func walIsAsCheckpointed() -> Bool {
        let wal = WALState(of: storePath)
        return wal != nil && wal == checkpointedWAL
    }

    func onTimer() -> EventLoop.Next {
        // One at a time; a store event during it arms the timer again.
        guard timer.consume(), running == nil else { return .continue }
        let path = storePath
        let events = events
        let done = DispatchSemaphore(value: 0)
        running = done
        // A PASSIVE checkpoint reads the -wal and writes the store file: the -wal stays as it is.
        checkpointedWAL = WALState(of: path)
        Thread {
            nudge_name_this_thread("nudge checkpoint")
            let outcome = Result { () throws(StoreError) in try Store.checkpoint(path) }
            events.push(.checkpointed(outcome))
            done.signal()
        }.start()
        return .continue
    }

    /// The checkpoint's thread finished.
    func checkpointed(_ outcome: Result<Store.CheckpointOutcome, StoreError>) {
        running = nil
        switch outcome {
        case .success(.copied):
            // Quiet since the copy (no commit touched the -wal): emptied through the daemon's
            // own connection, which sees no change in that, so that it does not stay large.
            guard WALState(of: storePath) == checkpointedWAL else {
                logger.debug("checkpointed the store: copied")
                break
            }
            do {
                guard try store.emptyWriteAheadLogIfIdle() else {
                    // Another connection reads it: once more after the delay, as for busy.
                    logger.debug("checkpointed the store: copied; the -wal is in use")
                    return retry()
                }
                // Its own change to the -wal is a store event: neither a checkpoint nor a recheck.
                checkpointedWAL = WALState(of: storePath)
                logger.debug("checkpointed the store: copied, and the -wal emptied")
            } catch {
                logger.error("cannot empty the store's -wal: \(error)")
            }
        case .success(.busy):
            // A reader of an older snapshot held some pages back.
            logger.debug("checkpointed the store: busy")
            return retry()
        case .failure(let error):
            logger.error("cannot checkpoint the store: \(error)")
        }
        retries = 0
    }

    /// Once more after the delay, at most a minute's worth of times, then at the next change.
    private func retry() {
        retries += 1
        guard retries < Self.retryLimit else {
            retries = 0
            return
        }
        checkpointedWAL = nil
        timer.arm(after: Self.delay)
    }

    /// A daemon that stops lets a running checkpoint finish (it never waits for a lock).
    func waitForRunning() {
        _ = running?.wait(timeout: .now() + 10)
    }

    /// What a commit to the `-wal` changes: its size, or its modification time when it starts
    /// over. Not its status-change time: every connection that opens the store touches that.
    struct WALState: Equatable {
        var size: Int64
        var changed: timespec

        init?(of storePath: String) {
            var status = stat()
            guard stat(storePath + "-wal", &status) == 0 else { return nil }
            size = Int64(status.st_size)
            changed = status.st_mtim
        }

        static func == (lhs: WALState, rhs: WALState) -> Bool {
            lhs.size == rhs.size && lhs.changed.tv_sec == rhs.changed.tv_sec
                && lhs.changed.tv_nsec == rhs.changed.tv_nsec
        }
    }
}
