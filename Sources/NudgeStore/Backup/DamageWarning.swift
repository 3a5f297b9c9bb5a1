import Foundation
import NudgeCore

/// The "store is damaged" notification left on screen, kept in `STORE.backup-location`: the
/// store cannot hold it, and the daemon that showed it may stop before the store is sound
/// again. The daemon that then finds it sound closes it, so
/// the advice to restore is not followed a second time over newer entries (issue 39, round 27).
public struct DamageWarning: Codable, Sendable, Equatable {
    /// The notification server's id for it: the server's, valid only while that server runs.
    public var notificationID: UInt32
    public var shownAt: Date

    public init(notificationID: UInt32, shownAt: Date) {
        self.notificationID = notificationID
        self.shownAt = shownAt
    }
}

extension BackupLocation {
    /// The damage warning recorded beside the store at `store`; nil when none is.
    public static func damageWarning(store: String) -> DamageWarning? { read(store: store)?.damageWarning }

    /// Records `warning` beside the store (nil: forgets it). Only in a file a backup wrote (no
    /// folder is guessed for it), can be read and names the store's identity; without `waiting` a lock held elsewhere skips
    /// it, as the daemon's loop waits for no one. Whether it was written.
    @discardableResult
    public static func recordDamageWarning(_ warning: DamageWarning?, store: String, waiting: Bool) -> Bool {
        var written = false
        whileLocked(store: store, waiting: waiting) {
            // One read without its identity (a copied folder's) is never written back without it.
            guard unreadable(store: store) == nil, var location = read(store: store), location.identity != nil,
                location.damageWarning != warning
            else { return }
            location.damageWarning = warning
            written = writeFile(location, to: path(ofStore: store)) == nil
        }
        return written
    }
}
