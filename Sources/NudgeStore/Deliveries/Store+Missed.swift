import Foundation
import GRDB
import NudgeCore

/// Occurrences found too late to show: recorded as missed, once.
extension Store {
    /// Records occurrences found too late to show, so they are neither shown nor forgotten, with
    /// the rows their rules write when missed (a session's end still completes it). Returns the
    /// occurrences this call recorded: one recorded already is neither written nor returned again.
    @discardableResult
    public func recordMissed(_ occurrences: [Occurrence], at now: Date) throws(StoreError) -> [Occurrence] {
        guard !occurrences.isEmpty else { return [] }
        return try write { db in
            var recorded: [Occurrence] = []
            for occurrence in occurrences {
                try db.execute(
                    sql: """
                        INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, title, missed_at)
                        VALUES (\(IssuedNumbers.deliveries.nextSQL), ?, ?, ?, ?, ?)
                        ON CONFLICT(reminder_key) DO UPDATE SET missed_at = excluded.missed_at WHERE \(DeliveryRecord.owedSQL())
                        """,
                    arguments: [
                        occurrence.key, occurrence.kind.rawValue, Timestamp.format(occurrence.dueAt), occurrence.title,
                        Timestamp.format(now),
                    ])
                if db.changesCount == 0 { try Self.recordMissedOwedAsRead(occurrence.key, at: now, db) }
                // Only the transaction that settled it writes them, once.
                guard db.changesCount > 0 else { continue }
                recorded.append(occurrence)
                if let rule = self.rule(for: occurrence.kind) {
                    try Self.writeMissedChanges(of: rule, occurrence, at: now, db)
                }
            }
            return recorded
        }
    }

    /// A row another program wrote a time into that nudge cannot read (`shown_at = 'garbage'`)
    /// is owed as nudge reads it, though not by `owedSQL`: its miss is recorded all the same
    /// (the time stays as written), or every plan would find it missed again.
    private static func recordMissedOwedAsRead(_ key: String, at now: Date, _ db: Database) throws {
        guard
            let record = try Row.fetchOne(
                db, sql: "SELECT * FROM reminder_deliveries WHERE reminder_key = ?", arguments: [key]
            ).flatMap(DeliveryRecord.init(row:)), record.isOwed
        else { return }
        try db.execute(
            sql: "UPDATE reminder_deliveries SET missed_at = ? WHERE id = ? AND missed_at IS NULL",
            arguments: [Timestamp.format(now), record.id])
    }

    /// As for "shown": what no longer applies is dropped, the occurrence stays missed.
    private static func writeMissedChanges<Rule: StoredRule>(
        of rule: Rule, _ occurrence: Occurrence, at now: Date, _ db: Database
    ) throws {
        guard let missing = rule as? any MissRecordingRule<Rule.Change> else { return }
        try writeSideEffects(missing.changesWhenMissed(key: occurrence.key, dueAt: occurrence.dueAt, at: now), db)
    }
}
