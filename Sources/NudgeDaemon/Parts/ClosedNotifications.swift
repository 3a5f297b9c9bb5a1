import Foundation
import NudgeCore

/// The notifications of the server now on the bus that closed (the server said so, or nudge
/// closed one whose delivery a restore took out of the store), each with the second its
/// delivery was shown: an older copy of the store put in place may record one of them as still
/// on screen (`Store.reopened`), and only the daemon can tell that nothing is.
final class ClosedNotifications {
    struct Closed: Equatable {
        let notificationID: UInt32
        /// When its delivery was shown, as the store keeps it (to the second).
        let shownAt: Date
        let closedAt: Date
        /// The server's reason; `closed` for one nudge asked to close.
        let reason: CloseReason
    }

    /// Newest last; a day's worth, and no more than a screen ever held.
    private(set) var all: [Closed] = []
    private static let kept: TimeInterval = 86_400
    private static let keptCount = 200

    func remember(_ notificationID: UInt32, shownAt: Date, closedAt: Date, reason: CloseReason) {
        let shown = Date(timeIntervalSince1970: shownAt.timeIntervalSince1970.rounded(.down))
        all.removeAll {
            $0.closedAt < closedAt.addingTimeInterval(-Self.kept)
                || ($0.notificationID == notificationID && $0.shownAt == shown)
        }
        all.append(Closed(notificationID: notificationID, shownAt: shown, closedAt: closedAt, reason: reason))
        if all.count > Self.keptCount { all.removeFirst(all.count - Self.keptCount) }
    }

    /// A server appeared after one went away: the ids it hands out are not the old one's.
    func forgetAll() { all.removeAll() }
}
