import Foundation
import GRDB
import NudgeCore

extension Store {
    /// Records that the notifications shown from `since` until the second before `now`, and
    /// still open (not answered, closed, cancelled or missed), went with the server that showed
    /// them: a server that appeared at `now` after one went away shows none of them. One lost
    /// before and shown again is lost again. Returns how many.
    public func recordLostWithServer(shownSince since: Date, at now: Date) throws(StoreError) -> Int {
        try write { db in
            // Times are kept to the second: one shown in `now`'s second may be the new server's.
            try db.execute(
                sql: """
                    UPDATE reminder_deliveries SET lost_at = :now
                    WHERE notification_id IS NOT NULL AND shown_at >= :since AND shown_at < :now
                      AND closed_at IS NULL AND action IS NULL AND cancelled_at IS NULL AND missed_at IS NULL
                      AND (lost_at IS NULL OR lost_at < shown_at)
                    """,
                arguments: ["now": Timestamp.format(now), "since": Timestamp.format(since)])
            return db.changesCount
        }
    }
}
