import Foundation
import GRDB
import NudgeCore

extension Store {
    /// Records that the notifications shown since `since`, and still open (not
    /// answered, closed, cancelled or missed), went with the server that showed them, each as
    /// its last showing (the dose window's state replaced in place by a later one under the same
    /// id was no longer on screen; a summary's occurrences, shown together, all were): a server
    /// that appeared at `now` after one went away shows none of them. With `nowsSecondIsOld`
    /// (nothing was accepted since that server went) all were the old server's, those shown
    /// "after" `now` too (the clock set back since they were shown); else only those shown
    /// before `now`'s second (times are kept to the second): the others may be the new server's.
    /// One lost before and shown again is lost again, at every restart. Those of `showingAgain`
    /// (the kinds that do not show their live state again themselves) that wait for an answer
    /// are owed again at once: gone unanswered, a reminder would otherwise be silently
    /// lost. Returns how many were lost, and how many are owed again.
    ///
    /// The loss is recorded after the second of the showing it ended (a showing in `now`'s
    /// second is lost at the next second) and a showing again never before the loss
    /// (`markShown`): a `shown_at` before `lost_at` is the showing that was lost, one at or
    /// after it is a showing again (history's words, and what the next restart counts).
    ///
    /// With `besides` (a server gone while no daemon ran, found at a daemon's start), every
    /// showing is the old server's but the deliveries that daemon showed, whatever the clock
    /// says: a time bound (the daemon's start) missed what was shown "after" it with the clock
    /// set back since (hostile round on issue 41 after B15c: lost for good).
    public func recordLostWithServer(
        shownSince since: Date, besides shownHere: [Int64]? = nil, at now: Date, nowsSecondIsOld: Bool,
        showingAgain kinds: [ReminderKind]
    ) throws(StoreError) -> (lost: Int, owedAgain: Int) {
        try write { db in
            let (stamp, next) = (Timestamp.format(now), Timestamp.format(now.addingTimeInterval(1)))
            let owedBefore = try Self.owedAgainCount([stamp, next], db)
            // Kinds quoted from the registry, not from input.
            let again = kinds.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            // Delivery ids, numbers: not from input.
            let here = (shownHere ?? []).map(String.init).joined(separator: ", ")
            // Shown at or after `now` (in its second, or "in the future" with the clock set back
            // since): lost the second after its showing, owed again from now.
            let lostAt =
                "CASE WHEN shown_at >= :now THEN strftime('%Y-%m-%dT%H:%M:%SZ', shown_at, '+1 second') ELSE :now END"
            let owedFrom = "CASE WHEN shown_at >= :now THEN :next ELSE :now END"
            try db.execute(
                sql: """
                    UPDATE reminder_deliveries AS d SET lost_at = \(lostAt), lost_reason = 'server',
                        reshow_at = CASE WHEN kind IN (\(again)) AND awaits_answer = 1 THEN \(owedFrom) ELSE reshow_at END
                    WHERE notification_id IS NOT NULL AND shown_at >= :since AND (:until IS NULL OR shown_at < :until)
                      AND closed_at IS NULL AND action IS NULL AND cancelled_at IS NULL AND missed_at IS NULL
                      AND (lost_at IS NULL OR lost_at <= shown_at) AND id NOT IN (\(here))
                      AND NOT EXISTS (
                          SELECT 1 FROM reminder_deliveries o
                          WHERE o.notification_id = d.notification_id AND o.shown_at > d.shown_at
                            AND (:until IS NULL OR o.shown_at < :until) AND o.id NOT IN (\(here)))
                    """,
                arguments: [
                    "now": stamp, "next": next, "since": Timestamp.format(since),
                    // Nothing accepted since the server went: all it was shown is the old server's,
                    // whatever the clock says now.
                    "until": shownHere != nil || nowsSecondIsOld ? nil : stamp,
                ])
            let lost = db.changesCount
            return (lost, try Self.owedAgainCount([stamp, next], db) - owedBefore)
        }
    }

    private static func owedAgainCount(_ stamps: [String], _ db: Database) throws -> Int {
        try Int.fetchOne(
            db, sql: "SELECT count(*) FROM reminder_deliveries WHERE reshow_at IN (?, ?)",
            arguments: StatementArguments(stamps)) ?? 0
    }
}
