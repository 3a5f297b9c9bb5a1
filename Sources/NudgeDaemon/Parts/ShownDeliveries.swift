import Foundation
import NudgeCore
import NudgeStore

/// What this daemon showed, as it recorded it: another program that puts an older copy of the
/// store in place (`sqlite3 .restore`, a sync tool writing through SQLite) takes those
/// deliveries out of the store, and the next ones would get their ids again, so that the
/// notification still on screen and the new one both said `nudge ack 1` and the same reminder
/// was on screen twice (hostile round 20 on issue 39). nudge's own restore says so in the store
/// (`rolled_back_notifications`); another program's does not, and only the daemon can tell.
final class ShownDeliveries {
    struct Shown {
        let deliveryID: Int64
        let notificationID: UInt32
        let shownAt: Date
        /// The row as recorded when shown: what is recorded again while it is still on screen.
        let showing: StillOnScreen
    }

    /// Newest last; a day's worth: the last day's notifications are the ones a server still
    /// shows.
    private var shown: [Shown] = []
    /// The deliveries this daemon showed (in the last day).
    var deliveryIDs: [Int64] { shown.map(\.deliveryID) }

    /// The highest delivery id this daemon recorded as shown.
    private(set) var highest: Int64 = 0
    private static let kept: TimeInterval = 86_400

    /// `delivery` as claimed, shown as `notificationID` with `content` at `shownAt`.
    func remember(
        _ delivery: DeliveryRecord, notificationID: UInt32?, content: NotificationContent?, at shownAt: Date
    ) {
        highest = max(highest, delivery.id)
        guard let notificationID else { return }
        var recorded = delivery
        recorded.shownAt = shownAt
        recorded.notificationID = notificationID
        recorded.title = content?.title ?? delivery.title
        recorded.body = content?.body ?? delivery.body
        remember(StillOnScreen(recorded, awaitsAnswer: content?.awaitsAnswer))
    }

    /// A showing recorded again (`Store.recordStillOnScreen`): followed as when it was shown.
    func remember(_ showing: StillOnScreen) {
        guard let notificationID = showing.delivery.notificationID, let shownAt = showing.delivery.shownAt else {
            return
        }
        shown.removeAll { $0.shownAt < shownAt.addingTimeInterval(-Self.kept) }
        shown.append(
            Shown(
                deliveryID: showing.delivery.id, notificationID: notificationID, shownAt: shownAt, showing: showing))
    }

    /// Those the store no longer records as shown (forgotten here), and whether its deliveries
    /// are numbered below the highest this daemon showed.
    func rolledBack(in store: Store) throws(StoreError) -> (notifications: [Shown], renumbered: Bool) {
        guard highest > 0 else { return ([], false) }
        let gone = try store.deliveriesRolledBack(shown.map { ($0.deliveryID, $0.shownAt) })
        let rolledBack = shown.filter { gone.contains($0.deliveryID) }
        shown.removeAll { gone.contains($0.deliveryID) }
        return (rolledBack, try store.deliveriesIssued() < highest)
    }
}
