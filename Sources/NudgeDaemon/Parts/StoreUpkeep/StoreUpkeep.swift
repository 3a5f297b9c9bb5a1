import Foundation
import Logging
import NudgeStore

/// The store's upkeep, kept beside the reminders: the daily backup (`BackupKeeper`) and the
/// checkpoint that keeps the store file current (`CheckpointKeeper`), and the watch on logs set
/// aside beside it that another program still writes into (`SetAsideLogWatch`). The first two run on a thread of
/// its own and hands its outcome back to the loop as an event; a daemon that stops waits for
/// both.
final class StoreUpkeep {
    let backups: BackupKeeper
    let checkpoints: CheckpointKeeper
    let setAsideLogs: SetAsideLogWatch

    init(store: Store, storePath: String, events: EventQueue, logger: Logger) throws(DaemonError) {
        backups = BackupKeeper(store: store, storePath: storePath, events: events, logger: logger)
        checkpoints = try CheckpointKeeper(store: store, storePath: storePath, events: events, logger: logger)
        setAsideLogs = try SetAsideLogWatch(storePath: storePath, logger: logger)
    }

    /// Another write to the store (anyone's): arms the checkpoint; true when the write was the
    /// last checkpoint's own (the `-wal` is as it left it), which nothing need re-check.
    func storeChanged() -> Bool {
        checkpoints.schedule()
        return checkpoints.walIsAsCheckpointed()
    }

    /// A daemon that stops lets a running checkpoint and backup finish, each within its bound.
    func waitForRunning() {
        checkpoints.waitForRunning()
        backups.waitForRunning()
    }
}
