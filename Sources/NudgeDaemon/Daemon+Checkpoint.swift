import CNudgeLinux
import Foundation
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// The store file stays current: once writes to the store (anyone's) have settled, a
/// checkpoint on its own thread copies the WAL into the file, so that the file alone (a copy,
/// a sync tool) holds every committed change within seconds; then, if nothing was written
/// meanwhile, the daemon's connection empties the `-wal`. Armed only by a store event while
/// the `-wal` holds something: an idle daemon never wakes for it.
extension Daemon {
    /// A second: long enough for a burst of writes to be one checkpoint, short enough that
    /// start-up's own writes settle within its first seconds, not in the rest that follows.
    static let checkpointDelay: TimeInterval = 1

    /// Arms (or pushes back) the checkpoint after a store event.
    func scheduleCheckpoint() {
        guard let wal = WALState(of: configuration.storePath), wal.size > 0, wal != checkpointedWAL else { return }
        checkpointTimer.arm(after: Self.checkpointDelay)
    }

    func onCheckpointTimer() -> EventLoop.Next {
        // One at a time; a store event during it arms the timer again.
        guard checkpointTimer.consume(), runningCheckpoint == nil else { return .continue }
        let path = configuration.storePath
        let events = events
        let done = DispatchSemaphore(value: 0)
        runningCheckpoint = done
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
        runningCheckpoint = nil
        switch outcome {
        case .success(.copied):
            // Quiet since the copy (no commit touched the -wal): emptied through the daemon's
            // own connection, which sees no change in that, so that it does not stay large.
            guard WALState(of: configuration.storePath) == checkpointedWAL else {
                logger.debug("checkpointed the store: copied")
                break
            }
            do {
                guard try store.emptyWriteAheadLogIfIdle() else {
                    // Another connection reads it: once more after the delay, as for busy.
                    logger.debug("checkpointed the store: copied; the -wal is in use")
                    return retryCheckpoint()
                }
                // Its own change to the -wal is a store event: neither a checkpoint nor a recheck.
                checkpointedWAL = WALState(of: configuration.storePath)
                logger.debug("checkpointed the store: copied, and the -wal emptied")
            } catch {
                logger.error("cannot empty the store's -wal: \(error)")
            }
        case .success(.busy):
            // A reader of an older snapshot held some pages back.
            logger.debug("checkpointed the store: busy")
            return retryCheckpoint()
        case .failure(let error):
            logger.error("cannot checkpoint the store: \(error)")
        }
        checkpointRetries = 0
    }

    /// Once more after the delay, at most a minute's worth of times, then at the next change.
    private func retryCheckpoint() {
        checkpointRetries += 1
        guard checkpointRetries < 12 else {
            checkpointRetries = 0
            return
        }
        checkpointedWAL = nil
        checkpointTimer.arm(after: Self.checkpointDelay)
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

    /// A daemon that stops lets a running checkpoint finish (it never waits for a lock).
    func waitForRunningCheckpoint() {
        _ = runningCheckpoint?.wait(timeout: .now() + 10)
    }
}
