import Foundation
import GRDB
import NudgeCore

/// The serials that call occurrence keys are built from (`call:SERIAL:once:SERIAL`), one per
/// contact and one per one-off reminder, never given twice.
///
/// A store from before them keeps its keys' meaning: each row's serial is its id, unless a
/// delivery recorded before the row was created already used that number (a deleted row's
/// id given again), and the sequence starts past every number a key has used.
enum OccurrenceIdentities {
    /// The triggers that give every contact and one-off call its serial, as they are now (v4
    /// made them first); made again for a store that lost them.
    static let triggerNames = [
        "contacts_identity_insert", "contacts_identity_delete", "contacts_identity_renumber",
        "call_reminders_identity_insert", "call_reminders_identity_delete", "call_reminders_identity_renumber",
    ]

    static let triggers = """
        CREATE TRIGGER IF NOT EXISTS contacts_identity_insert AFTER INSERT ON contacts BEGIN
            INSERT OR REPLACE INTO contact_identities (contact_id) VALUES (new.id);
        END;
        CREATE TRIGGER IF NOT EXISTS contacts_identity_delete AFTER DELETE ON contacts BEGIN
            DELETE FROM contact_identities WHERE contact_id = old.id;
        END;
        CREATE TRIGGER IF NOT EXISTS contacts_identity_renumber AFTER UPDATE OF id ON contacts BEGIN
            UPDATE contact_identities SET contact_id = new.id WHERE contact_id = old.id;
        END;
        CREATE TRIGGER IF NOT EXISTS call_reminders_identity_insert AFTER INSERT ON call_reminders BEGIN
            INSERT OR REPLACE INTO call_reminder_identities (reminder_id) VALUES (new.id);
        END;
        CREATE TRIGGER IF NOT EXISTS call_reminders_identity_delete AFTER DELETE ON call_reminders BEGIN
            DELETE FROM call_reminder_identities WHERE reminder_id = old.id;
        END;
        CREATE TRIGGER IF NOT EXISTS call_reminders_identity_renumber AFTER UPDATE OF id ON call_reminders BEGIN
            UPDATE call_reminder_identities SET reminder_id = new.id WHERE reminder_id = old.id;
        END;
        """

    private struct Use {
        var earliestEvent: Date?
        var contactNumbers: Set<Int64> = []

        mutating func note(_ instant: Date?) {
            guard let instant else { return }
            earliestEvent = min(earliestEvent ?? instant, instant)
        }
    }

    static func backfill(_ db: Database) throws {
        var contactUses: [Int64: Use] = [:]
        var reminderUses: [Int64: Use] = [:]
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT reminder_key, shown_at, missed_at, cancelled_at, acknowledged_at FROM reminder_deliveries
                WHERE substr(reminder_key, 1, 5) = 'call:'
                """)
        while let row = try rows.next() {
            guard let key = row.stored(at: 0).flatMap(CallReminder.Key.init) else { continue }
            let instants = (1...4).compactMap { row.stored(at: $0).flatMap(Timestamp.parse) }
            let earliest = instants.min()
            contactUses[key.contactIdentity, default: Use()].note(earliest)
            if case .once(let reminder) = key.kind {
                reminderUses[reminder, default: Use()].note(earliest)
                reminderUses[reminder]?.contactNumbers.insert(key.contactIdentity)
            }
        }
        try assign(
            db, table: "contacts", identities: "contact_identities", column: "contact_id", uses: contactUses,
            contactColumn: nil)
        try assign(
            db, table: "call_reminders", identities: "call_reminder_identities", column: "reminder_id",
            uses: reminderUses,
            contactColumn: "contact_id")
    }

    private static func assign(
        _ db: Database, table: String, identities: String, column: String, uses: [Int64: Use], contactColumn: String?
    ) throws {
        var fresh: [Int64] = []
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, created_at\(contactColumn.map { ", \($0)" } ?? "") FROM \(table) ORDER BY id")
        for row in rows {
            guard let id: Int64 = row.stored(at: 0) else { continue }
            let created = row.stored(at: 1).flatMap(Timestamp.parse)
            let use = uses[id]
            let usedBefore = use?.earliestEvent.flatMap { event in created.map { event < $0 } } ?? false
            // A one-off key that names another contact was another reminder's.
            let contact: Int64? = row.stored(at: 2)
            let usedByAnother = contactColumn != nil && use?.contactNumbers.contains { $0 != contact } == true
            if usedBefore || usedByAnother {
                fresh.append(id)
            } else {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO \(identities) (identity, \(column)) VALUES (?, ?)", arguments: [id, id])
            }
        }
        let highest = max(uses.keys.max() ?? 0, rows.last?.stored(at: 0) ?? 0)
        try db.execute(
            sql:
                "INSERT INTO sqlite_sequence (name, seq) SELECT ?, 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)",
            arguments: [identities, identities])
        try db.execute(
            sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", arguments: [highest, identities])
        for id in fresh {
            try db.execute(sql: "INSERT OR IGNORE INTO \(identities) (\(column)) VALUES (?)", arguments: [id])
        }
    }

    /// Rows without a serial: inserted while another program had dropped the triggers.
    static func missing(_ db: Database) throws -> Bool {
        guard try db.tableExists("contact_identities"), try db.tableExists("call_reminder_identities") else {
            return true
        }
        let triggers = triggerNames.map { "'\($0)'" }.joined(separator: ", ")
        return try StoredColumn.value(
            db, Bool.self,
            sql: """
                SELECT (SELECT count(*) FROM contacts) <> (SELECT count(*) FROM contact_identities)
                    OR (SELECT count(*) FROM call_reminders) <> (SELECT count(*) FROM call_reminder_identities)
                    OR (SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN (\(triggers))) <> \(triggerNames.count)
                """) ?? false
    }

    /// Puts the triggers back, gives every row without a serial a new one, and drops serials of
    /// rows gone.
    static func repair(_ db: Database) throws {
        try db.execute(sql: triggers)
        try db.execute(
            sql: """
                DELETE FROM contact_identities WHERE contact_id NOT IN (SELECT id FROM contacts);
                INSERT INTO contact_identities (contact_id) SELECT id FROM contacts WHERE id NOT IN (SELECT contact_id FROM contact_identities);
                DELETE FROM call_reminder_identities WHERE reminder_id NOT IN (SELECT id FROM call_reminders);
                INSERT INTO call_reminder_identities (reminder_id)
                    SELECT id FROM call_reminders WHERE id NOT IN (SELECT reminder_id FROM call_reminder_identities);
                """)
    }
}
