import Foundation
import GRDB
import NudgeCore

/// The latest "I'm awake" on a ringing alarm, by its escalation's key: the escalation waits as
/// long after it as after the ring (``Escalation/postponed(byAwakeAt:)``). Kept in the store so
/// that a daemon restarted after the answer escalates at the postponed time, not at the ring's.
/// One alarm at a time; kept in `store_metadata` (nudge's bookkeeping, not a record), as
/// `INSTANT KEY`.
extension Store {
    static let escalationAwakeKey = "escalation_awake"

    /// When "I'm awake" was last answered on the alarm escalated under `key`; nil when it was not
    /// (or what is stored is another alarm's, or nothing nudge wrote).
    public func escalationAwake(key: String) throws(StoreError) -> Date? {
        try read { db in
            guard try db.tableExists("store_metadata"),
                let value = try String.fetchOne(
                    db, sql: "SELECT value FROM store_metadata WHERE key = ?", arguments: [Self.escalationAwakeKey])
            else { return nil }
            let parts = value.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, String(parts[1]) == key else { return nil }
            return Timestamp.parse(String(parts[0]))
        }
    }

    /// Records "I'm awake" at `instant` on the alarm escalated under `key`, replacing any other's.
    public func recordEscalationAwake(key: String, at instant: Date) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)",
                arguments: [Self.escalationAwakeKey, "\(Timestamp.format(instant, fractionDigits: 3)) \(key)"])
        }
    }
}
