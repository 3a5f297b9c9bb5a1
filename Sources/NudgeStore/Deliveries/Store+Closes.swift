import Foundation
import GRDB
import NudgeCore

/// What the server says when a notification goes: a close is recorded, and one that expired
/// while it waited for an answer is owed again (`ExpiredReshow`).
extension Store {
    /// Records that the server closed a notification (the spec's reasons 1-4), once. One that
    /// waited for an answer and expired is no answer: each of its unanswered occurrences is owed
    /// again `reshowAfter` later, until it was shown again `ExpiredReshow.limit` times; then it
    /// is missed. True when something is to be shown again.
    @discardableResult
    public func recordClosed(notificationID: UInt32, reason: CloseReason, at now: Date, reshowAfter: TimeInterval)
        throws(StoreError) -> Bool
    {
        try write { db in
            let id = Int64(notificationID)
            let stamp = Timestamp.format(now)
            let reshowAt = Timestamp.format(now.addingTimeInterval(reshowAfter))
            if reason == .expired {
                // Every occurrence that showing stood for (a summary stands for several).
                try db.execute(
                    sql: """
                        UPDATE reminder_deliveries SET closed_at = :now, closed_reason = 'expired',
                            reshow_at = CASE WHEN reshown < :limit THEN :reshowAt END,
                            missed_at = CASE WHEN reshown >= :limit THEN :now END
                        WHERE notification_id = :id AND closed_at IS NULL AND awaits_answer = 1
                          AND action IS NULL AND cancelled_at IS NULL AND missed_at IS NULL
                          AND shown_at = (SELECT shown_at FROM reminder_deliveries
                                          WHERE notification_id = :id AND shown_at IS NOT NULL
                                          ORDER BY shown_at DESC, id DESC LIMIT 1)
                        """,
                    arguments: ["id": id, "now": stamp, "limit": ExpiredReshow.limit, "reshowAt": reshowAt])
            }
            try db.execute(
                sql: """
                    UPDATE reminder_deliveries SET closed_at = ?, closed_reason = ?
                    WHERE id = (SELECT id FROM reminder_deliveries WHERE notification_id = ? AND shown_at IS NOT NULL
                                ORDER BY shown_at DESC, id DESC LIMIT 1)
                      AND closed_at IS NULL
                    """,
                arguments: [stamp, reason.rawValue, id])
            return try Bool.fetchOne(
                db,
                sql: "SELECT count(*) > 0 FROM reminder_deliveries WHERE notification_id = ? AND reshow_at = ?",
                arguments: [id, reshowAt]) ?? false
        }
    }
}
