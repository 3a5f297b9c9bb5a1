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

extension Store {
    /// The late summaries still on screen (``LateSummary``), each as the deliveries it names,
    /// oldest due first within each: shown after `shownAfter`, not closed, and the latest showing of their
    /// notification id. A locked screen's summary is reworded from these on unlock.
    public func lateSummariesOnScreen(shownAfter: Date) throws(StoreError) -> [[DeliveryRecord]] {
        let records = try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM reminder_deliveries d
                    WHERE d.notification_id IS NOT NULL AND d.shown_at > ? AND d.closed_at IS NULL AND d.body = ?
                      AND NOT EXISTS (
                          SELECT 1 FROM reminder_deliveries o
                          WHERE o.notification_id = d.notification_id AND o.shown_at > d.shown_at)
                    ORDER BY d.notification_id, d.shown_at, d.due_at, d.id
                    """,
                arguments: [
                    Timestamp.format(max(shownAfter, Date(timeIntervalSince1970: 0))), LateSummary.recordedBody,
                ]
            ).compactMap(DeliveryRecord.init(row:))
        }
        // One summary: one notification id at one instant.
        var summaries: [[DeliveryRecord]] = []
        for record in records {
            if let last = summaries.last?.last, last.notificationID == record.notificationID,
                last.shownAt == record.shownAt
            {
                summaries[summaries.count - 1].append(record)
            } else {
                summaries.append([record])
            }
        }
        return summaries
    }
}
