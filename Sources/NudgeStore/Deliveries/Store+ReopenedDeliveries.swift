import Foundation
import GRDB
import NudgeCore

/// A notification closed while its delivery was in the store (or after a restore had rolled
/// that delivery back), then an older copy of the store put in place that records it as still
/// on screen: nothing is on screen, and the reminder would stay "shown, no answer" for good
/// (hostile round 22 on issue 39: two restores in a row; a backup taken while it was shown,
/// restored after the server had expired it).
extension Store {
    /// Of `closed` (a notification id and the second its delivery was shown, as the daemon
    /// knew them when the notification closed), the deliveries the store records as on screen:
    /// shown then under that id, not closed, answered, cancelled, missed or lost since, and not
    /// replaced in place by a later showing under the same id.
    public func reopened(_ closed: [(notificationID: UInt32, shownAt: Date)]) throws(StoreError) -> [DeliveryRecord] {
        guard !closed.isEmpty else { return [] }
        return try read { db in
            try closed.compactMap { notificationID, shownAt in
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT * FROM reminder_deliveries AS d
                        WHERE notification_id = ? AND shown_at = ? AND closed_at IS NULL AND action IS NULL
                          AND cancelled_at IS NULL AND missed_at IS NULL AND (lost_at IS NULL OR lost_at <= shown_at)
                          AND NOT EXISTS (
                              SELECT 1 FROM reminder_deliveries o
                              WHERE o.notification_id = d.notification_id AND o.shown_at > d.shown_at)
                        ORDER BY id DESC LIMIT 1
                        """,
                    arguments: [Int64(notificationID), Timestamp.format(shownAt)]
                ).flatMap(DeliveryRecord.init(row:))
            }
        }
    }

    /// Records `deliveries` lost at `now` because an older copy of the store was put in place
    /// after their notifications were closed; those of `showingAgain` (the kinds that do not
    /// show their live state again themselves) that wait for an answer are owed again from
    /// then, as after a server's restart (`recordLostWithServer`). Returns how many are owed.
    public func recordLostToOlderCopy(_ deliveries: [Int64], at now: Date, showingAgain kinds: [ReminderKind])
        throws(StoreError) -> Int
    {
        guard !deliveries.isEmpty else { return 0 }
        return try write { db in
            // Kinds quoted from the registry, ids are numbers: neither from input.
            let again = kinds.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            let ids = deliveries.map(String.init).joined(separator: ", ")
            let lostAt = "CASE WHEN shown_at >= :now THEN :next ELSE :now END"
            try db.execute(
                sql: """
                    UPDATE reminder_deliveries SET lost_at = \(lostAt), lost_reason = 'older_copy',
                        reshow_at = CASE WHEN kind IN (\(again)) AND awaits_answer = 1 THEN \(lostAt) ELSE reshow_at END
                    WHERE id IN (\(ids)) AND action IS NULL AND cancelled_at IS NULL AND missed_at IS NULL
                    """,
                arguments: ["now": Timestamp.format(now), "next": Timestamp.format(now.addingTimeInterval(1))])
            return try Int.fetchOne(
                db,
                sql: "SELECT count(*) FROM reminder_deliveries WHERE id IN (\(ids)) AND reshow_at = lost_at") ?? 0
        }
    }
}
