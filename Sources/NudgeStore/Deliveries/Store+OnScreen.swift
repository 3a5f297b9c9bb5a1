import Foundation
import GRDB
import NudgeCore

/// What nudge believes the notification server shows now.
extension Store {
    /// The deliveries still on screen and unanswered, one per notification, oldest first: shown
    /// after `shownAfter` (an earlier server's ids may be another program's by now), neither
    /// closed, cancelled nor missed, and the latest showing of their notification id (a state a
    /// later one replaced is not on screen). A summary, several occurrences shown together, is
    /// left out: it is worded as a whole, not by one of them. With `kind`, only that kind's
    /// (read by its index: a plan asks).
    public func onScreen(_ kind: ReminderKind? = nil, shownAfter: Date) throws(StoreError) -> [DeliveryRecord] {
        let ofKind = kind.map { "d.kind = '\($0.rawValue.replacingOccurrences(of: "'", with: "''"))' AND " } ?? ""
        return try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM reminder_deliveries d
                    WHERE \(ofKind)d.notification_id IS NOT NULL AND d.shown_at > ? AND d.closed_at IS NULL
                      AND d.action IS NULL AND d.cancelled_at IS NULL AND d.missed_at IS NULL
                      AND NOT EXISTS (
                          SELECT 1 FROM reminder_deliveries o
                          WHERE o.notification_id = d.notification_id AND o.id != d.id AND o.shown_at >= d.shown_at)
                    ORDER BY d.shown_at, d.id
                    """,
                arguments: [Timestamp.format(max(shownAfter, Date(timeIntervalSince1970: 0)))]
            ).compactMap(DeliveryRecord.init(row:))
        }
    }
}
