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
        let close = Closed(notificationID: notificationID, shownAt: shown, closedAt: closedAt, reason: reason)
        guard !followed.contains(Followed(close)) else { return }
        all.removeAll {
            $0.closedAt < closedAt.addingTimeInterval(-Self.kept)
                || ($0.notificationID == notificationID && $0.shownAt == shown)
        }
        all.append(close)
        if all.count > Self.keptCount { all.removeFirst(all.count - Self.keptCount) }
        if followed.count > Self.keptCount { followed.removeAll() }
    }

    /// Forgets the notifications of `handled`, and takes none of them again (a restore names
    /// a close again in the store, `ClosedBeforeRestore`, a moment after its own write): an
    /// older copy that records one of them as on screen was followed (shown again, or recorded
    /// closed), and the next plan must not do it a second time. Every showing under the same id
    /// goes: the dose window's notification replaces itself in place, and once its latest row
    /// names the new showing, the row of the pre-alarm it replaced looked reopened on its own
    /// (hostile round 26 on issue 39: the alarm shown twice, then three times).
    func forget(_ handled: [Closed]) {
        let ids = Set(handled.map(\.notificationID))
        followed.formUnion(all.filter { ids.contains($0.notificationID) }.map(Followed.init))
        followed.formUnion(handled.map(Followed.init))
        all.removeAll { ids.contains($0.notificationID) }
    }

    /// Whether notification `id` closed after it was shown at `shownAt`: a close of a later
    /// showing under the same id (the alarm that replaced its pre-alarm in place) closed it too.
    func closed(_ id: UInt32, shownAt: Date) -> Bool {
        let shown = Date(timeIntervalSince1970: shownAt.timeIntervalSince1970.rounded(.down))
        return all.contains { $0.notificationID == id && $0.shownAt >= shown }
            || followed.contains { $0.notificationID == id && $0.shownAt >= shown }
    }

    /// The closes `forget` took, by notification and showing; as many as are kept.
    private var followed: Set<Followed> = []

    private struct Followed: Hashable {
        let notificationID: UInt32
        let shownAt: Date

        init(_ closed: Closed) {
            notificationID = closed.notificationID
            shownAt = closed.shownAt
        }
    }

    /// A server appeared after one went away: the ids it hands out are not the old one's.
    func forgetAll() {
        all.removeAll()
        followed.removeAll()
    }
}
