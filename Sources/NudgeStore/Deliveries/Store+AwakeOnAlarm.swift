import Foundation
import GRDB
import NudgeCore

/// The latest "I'm awake" on a ringing alarm, by the delivery it stopped: a daemon restarted
/// after it does not ring that delivery again, while a follow-up or warning shown after it (a
/// delivery of its own) rings. Kept whether or not an escalation waits (that one is
/// `escalation_awake`), in `store_metadata` (nudge's bookkeeping, not a record), as
/// `INSTANT ID KEY`: the key too, so that an id SQLite hands out again after the newest rows
/// were removed is not taken for it.
extension Store {
    static let awakeOnAlarmKey = "alarm_awake"

    /// Whether "I'm awake" was the latest answer to stop `delivery`'s ringing; false for what
    /// is stored of another delivery, or is not what nudge wrote.
    public func isAwakeAnswered(_ delivery: DeliveryRecord) throws(StoreError) -> Bool {
        try read { db in
            guard try db.tableExists("store_metadata"),
                let value = try String.fetchOne(
                    db, sql: "SELECT value FROM store_metadata WHERE key = ?", arguments: [Self.awakeOnAlarmKey])
            else { return false }
            let parts = value.split(separator: " ", maxSplits: 2)
            return parts.count == 3 && Timestamp.parse(String(parts[0])) != nil
                && Int64(parts[1]) == delivery.id && String(parts[2]) == delivery.key
        }
    }

    /// Records "I'm awake" at `instant` on `delivery`, replacing any other's.
    public func recordAwake(on delivery: DeliveryRecord, at instant: Date) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)",
                arguments: [
                    Self.awakeOnAlarmKey,
                    "\(Timestamp.format(instant, fractionDigits: 3)) \(delivery.id) \(delivery.key)",
                ])
        }
    }
}
