import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// A backup into a folder that failed (a full disk, a folder that cannot be written), kept in
/// `STORE.backup-location`: the daemon's notification says "nudge doctor says more", and doctor
/// runs later, in another process, so the failure must outlive the one that met it.
public struct FailedBackup: Codable, Sendable, Equatable {
    public var failedAt: Date
    public var directory: String
    public var reason: String

    /// What a full disk's failure says (`DiskError`): its fix is room, not another try.
    public var isDiskFull: Bool { reason.contains(DiskError.describe(ENOSPC)) }
    /// A full disk smaller than the store (`BackupRoom`): no freeing of space makes room there.
    public var isDiskTooSmall: Bool { reason.contains(BackupRoom.tooSmall) }
}

extension BackupLocation {
    /// Records beside the store that a backup into `directory` failed at `failedAt`; the next
    /// backup taken clears it (`record`). Nothing when the file cannot be read (it is never
    /// written over unread); a failure to write it is the backup's failure already said.
    static func recordFailure(_ failure: FailedBackup, identity: String?, store: String) {
        whileLocked(store: store) {
            guard unreadable(store: store) == nil else { return }
            var location = read(store: store) ?? BackupLocation(directory: failure.directory, identity: identity)
            location.failedBackup = failure
            _ = writeFile(location, to: path(ofStore: store))
        }
    }
}
