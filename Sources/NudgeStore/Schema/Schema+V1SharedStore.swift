import Foundation
import GRDB

/// The shared store's first tables: the settings, the diary, the dose tracker's three, Monica's
/// contacts and calls, and nudge's deliveries.
extension Schema {
    static let v1 = Migration(identifier: "v1 shared store") { db, _ in
        try db.execute(sql: v1SQL)
        try addMissingColumns(db, table: "current_session", columns: ["terminal_state": "TEXT"])
        try addMissingColumns(db, table: "sleep_sessions", columns: ["terminal_state": "TEXT"])
    }

    // The dose tracker's three tables are created exactly as its data dictionary gives them, and
    // only if missing: a store it made is used as it is.
    private static let v1SQL = """
        CREATE TABLE IF NOT EXISTS settings (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );

        CREATE TABLE IF NOT EXISTS symptom_entries (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            severity INTEGER NOT NULL CHECK (severity BETWEEN 1 AND 5),
            logged_at TEXT NOT NULL,
            notes TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS symptom_entries_logged_at ON symptom_entries(logged_at);

        CREATE TABLE IF NOT EXISTS current_session (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            dose1_time TEXT,
            dose2_time TEXT,
            snooze_count INTEGER DEFAULT 0,
            dose2_skipped INTEGER DEFAULT 0,
            session_date TEXT NOT NULL,
            session_id TEXT,
            session_start_utc TEXT,
            session_end_utc TEXT,
            terminal_state TEXT,
            updated_at TEXT DEFAULT CURRENT_TIMESTAMP
        );

        CREATE TABLE IF NOT EXISTS sleep_sessions (
            session_id TEXT PRIMARY KEY,
            session_date TEXT NOT NULL,
            start_utc TEXT NOT NULL,
            end_utc TEXT,
            terminal_state TEXT,
            created_at TEXT DEFAULT CURRENT_TIMESTAMP,
            updated_at TEXT DEFAULT CURRENT_TIMESTAMP
        );

        CREATE TABLE IF NOT EXISTS dose_events (
            id TEXT PRIMARY KEY,
            event_type TEXT NOT NULL,
            timestamp TEXT NOT NULL,
            session_date TEXT NOT NULL,
            session_id TEXT,
            metadata TEXT,
            created_at TEXT DEFAULT CURRENT_TIMESTAMP
        );
        CREATE INDEX IF NOT EXISTS dose_events_session_id ON dose_events(session_id);

        CREATE TABLE IF NOT EXISTS contacts (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0),
            stay_in_touch_days INTEGER CHECK (stay_in_touch_days IS NULL OR stay_in_touch_days > 0),
            created_at TEXT NOT NULL
        );

        CREATE TABLE IF NOT EXISTS call_logs (
            id TEXT PRIMARY KEY,
            server_id INTEGER NOT NULL DEFAULT 0,
            contact_id INTEGER NOT NULL REFERENCES contacts(id),
            called_at TEXT NOT NULL,
            duration_minutes INTEGER NOT NULL DEFAULT 0,
            emotional_state TEXT CHECK (emotional_state IS NULL
                OR emotional_state IN ('happy', 'neutral', 'sad', 'frustrated', 'excited')),
            notes TEXT CHECK (notes IS NULL OR length(notes) <= 5000),
            sync_status TEXT NOT NULL DEFAULT 'pending'
                CHECK (sync_status IN ('pending', 'syncing', 'synced', 'failed')),
            sync_error TEXT,
            last_sync_attempt TEXT,
            is_marked_deleted INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS call_logs_contact_called_at ON call_logs(contact_id, called_at);

        CREATE TABLE IF NOT EXISTS call_reminders (
            id INTEGER PRIMARY KEY,
            contact_id INTEGER NOT NULL REFERENCES contacts(id),
            due_at TEXT NOT NULL,
            note TEXT,
            created_at TEXT NOT NULL,
            done_at TEXT
        );

        -- cancelled_at, missed_at, title and body are nudge's own additions to the contract:
        -- an occurrence withdrawn before it was shown, one given up as too late, and what was shown.
        CREATE TABLE IF NOT EXISTS reminder_deliveries (
            id INTEGER PRIMARY KEY,
            reminder_key TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            due_at TEXT NOT NULL,
            shown_at TEXT,
            notification_id INTEGER,
            closed_at TEXT,
            closed_reason TEXT CHECK (closed_reason IS NULL
                OR closed_reason IN ('expired', 'dismissed', 'closed', 'undefined')),
            action TEXT,
            acknowledged_at TEXT,
            cancelled_at TEXT,
            missed_at TEXT,
            title TEXT,
            body TEXT
        );
        CREATE INDEX IF NOT EXISTS reminder_deliveries_due_at ON reminder_deliveries(due_at);
        CREATE INDEX IF NOT EXISTS reminder_deliveries_notification_id ON reminder_deliveries(notification_id);
        """
}
