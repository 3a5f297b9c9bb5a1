import Foundation
import GRDB
import NudgeCore

extension Store {
    /// Records that the notifications shown from `since` until the second before `now`, and
    /// still open (not answered, closed, cancelled or missed), went with the server that showed
    /// them: a server that appeared at `now` after one went away shows none of them. One lost
    /// before and shown again is lost again. Those of `showingAgain` (the kinds that do not
    /// show their live state again themselves) that wait for an answer are owed again now, as
    /// an expired one is, up to `ExpiredReshow.limit` showings: gone unanswered, a reminder would
    /// otherwise be silently lost. Returns how many were lost, and how many are owed again.
    public func recordLostWithServer(shownSince since: Date, at now: Date, showingAgain kinds: [ReminderKind])
        throws(StoreError) -> (lost: Int, owedAgain: Int)
    {
        try write { db in
            let owedBefore = try Self.owedAgainCount(at: now, db)
            // Kinds quoted from the registry, not from input.
            let again = kinds.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            // Times are kept to the second: one shown in `now`'s second may be the new server's.
            try db.execute(
                sql: """
                    UPDATE reminder_deliveries SET lost_at = :now,
                        reshow_at = CASE WHEN kind IN (\(again)) AND awaits_answer = 1 AND reshown < :limit
                                         THEN :now ELSE reshow_at END
                    WHERE notification_id IS NOT NULL AND shown_at >= :since AND shown_at < :now
                      AND closed_at IS NULL AND action IS NULL AND cancelled_at IS NULL AND missed_at IS NULL
                      AND (lost_at IS NULL OR lost_at < shown_at)
                    """,
                arguments: [
                    "now": Timestamp.format(now), "since": Timestamp.format(since), "limit": ExpiredReshow.limit,
                ])
            let lost = db.changesCount
            return (lost, try Self.owedAgainCount(at: now, db) - owedBefore)
        }
    }

    private static func owedAgainCount(at now: Date, _ db: Database) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM reminder_deliveries WHERE reshow_at = ?", arguments: [Timestamp.format(now)])
            ?? 0
    }
}
