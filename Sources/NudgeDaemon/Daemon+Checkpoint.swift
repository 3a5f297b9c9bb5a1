import CNudgeLinux
import Foundation
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// The store file stays current: once writes to the store (anyone's) have settled, a
/// checkpoint on its own thread copies the WAL into the file, so that the file alone (a copy,
/// a sync tool) holds every committed change within seconds. Armed only by a
/// store event while the `-wal` holds something: an idle daemon never wakes for it.
extension Daemon {
    /// How long the store must be quiet before the checkpoint.
    static let checkpointDelay: TimeInterval = 5

    /// Arms (or pushes back) the checkpoint after a store event.
    func scheduleCheckpoint() {
        var status = stat()
        guard stat(configuration.storePath + "-wal", &status) == 0, status.st_size > 0 else { return }
        checkpointTimer.arm(after: Self.checkpointDelay)
    }

    func onCheckpointTimer() -> EventLoop.Next {
        // One at a time; a store event during it arms the timer again.
        guard checkpointTimer.consume(), runningCheckpoint == nil else { return .continue }
        let path = configuration.storePath
        let events = events
        let done = DispatchSemaphore(value: 0)
        runningCheckpoint = done
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
        case .success(let done): logger.debug("checkpointed the store: \(done.rawValue)")
        case .failure(let error): logger.error("cannot checkpoint the store: \(error)")
        }
    }

    /// A daemon that stops lets a running checkpoint finish (it never waits for a lock).
    func waitForRunningCheckpoint() {
        _ = runningCheckpoint?.wait(timeout: .now() + 10)
    }
}
