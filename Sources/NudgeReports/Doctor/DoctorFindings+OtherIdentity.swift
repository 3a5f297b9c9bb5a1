import Foundation
import NudgeCore
import NudgeStore

/// A backup folder that holds none of the store's backups but others': taken from this store's
/// file under another identity (another program wrote a new one into the store, or another
/// store was moved over it), or of other stores. `--latest` takes none of them; their path restores one.
extension DoctorFindings {
    static func otherIdentityFinding(
        _ others: BackupDirectory.OtherIdentities, directory: String, store: String, clock: WallClock
    ) -> Finding? {
        if let newest = others.ofThisPath.first {
            let count = others.ofThisPath.count
            return .problem(
                "backups: none of this store's in \(directory), but \(count == 1 ? "1 backup" : "\(count) backups") of \(BackupDirectory.OtherIdentities.ofThisPathMeaning), the newest of \(LocalFormat.dateTime(newest.takenAt, clock: clock)); restore --latest takes none of them",
                fix:
                    "restore one by its path if you need it: \(NudgeLine.restore(newest.path, into: store)); and take one now under the store's identity: \(NudgeLine.on(store, "backup"))"
            )
        }
        guard let newest = others.ofOtherStores.first else { return nil }
        let count = others.ofOtherStores.count
        return .warning(
            "backups: none of this store's in \(directory), but \(count == 1 ? "1 backup" : "\(count) backups") of another store (one sharing the folder, or this store before it was copied, moved or given another identity), the newest of \(LocalFormat.dateTime(newest.takenAt, clock: clock))",
            fix:
                "take one now: \(NudgeLine.on(store, "backup")); if they are this store's, restore one by its path: \(NudgeLine.restore(newest.path, into: store))"
        )
    }
}
