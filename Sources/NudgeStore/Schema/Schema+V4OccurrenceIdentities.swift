import Foundation
import GRDB
import NudgeCore

extension Schema {
    static let v4 = Migration(identifier: "v4 occurrence identities") { db, now in
        // A deliveries table another program made to the contract lacks nudge's own columns.
        try addMissingColumns(
            db, table: "reminder_deliveries",
            columns: ["cancelled_at": "TEXT", "missed_at": "TEXT", "title": "TEXT", "body": "TEXT"])
        try db.execute(sql: v4SQL)
        try db.execute(sql: v4Triggers)
        // Reads the call keys of the deliveries already shown: their format is itself part of the
        // store's contract, so the parser that reads them now reads them as they were then.
        try OccurrenceIdentities.backfill(db)
        try db.execute(
            sql: """
                INSERT OR IGNORE INTO store_metadata (key, value)
                VALUES ('created_at', coalesce((SELECT min(due_at) FROM reminder_deliveries), ?))
                """,
            arguments: [Timestamp.format(now)])
    }

    // Occurrence keys are built from these serials, never from row ids, which SQLite gives
    // again after a delete. AUTOINCREMENT never reuses a serial; the triggers give every row a
    // serial whoever inserts it (INSERT OR REPLACE replaces the serial: a new row, a new key).
    // `store_metadata.created_at` is when nudge first met the store: nothing before it is missed.
    private static let v4SQL = """
        CREATE TABLE IF NOT EXISTS contact_identities (
            identity INTEGER PRIMARY KEY AUTOINCREMENT,
            contact_id INTEGER NOT NULL UNIQUE
        );
        CREATE TABLE IF NOT EXISTS call_reminder_identities (
            identity INTEGER PRIMARY KEY AUTOINCREMENT,
            reminder_id INTEGER NOT NULL UNIQUE
        );
        CREATE TABLE IF NOT EXISTS store_metadata (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS reminder_deliveries_acknowledged_at ON reminder_deliveries(acknowledged_at);
        """

    /// As v4 made them; `OccurrenceIdentities` keeps the current text for a store that lost them.
    private static let v4Triggers = """
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
}
