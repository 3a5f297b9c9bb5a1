import Foundation
import GRDB
import NudgeCore

/// Occurrences held while the desktop is in Do Not Disturb: claimed and still owed, never
/// shown, so that a daemon killed meanwhile shows each once when Do Not Disturb is off.
extension Store {
    /// Records that a claimed occurrence (or one owed again after it expired unseen) is held
    /// from `now` (kept from its first hold).
    public func hold(_ deliveryID: Int64, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE reminder_deliveries SET held_at = coalesce(held_at, ?), released_at = NULL
                    WHERE id = ?
                    """,
                arguments: [Timestamp.format(now), deliveryID])
        }
    }

    /// Do Not Disturb is off at `now`: what it held and is still owed is released, to be shown.
    /// Returns how many.
    @discardableResult
    public func releaseHeld(at now: Date) throws(StoreError) -> Int {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE reminder_deliveries SET released_at = ?
                    WHERE held_at IS NOT NULL AND released_at IS NULL AND \(DeliveryRecord.owedSQL())
                    """,
                arguments: [Timestamp.format(now)])
            return db.changesCount
        }
    }
}
