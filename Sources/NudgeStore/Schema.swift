import Foundation
import GRDB
import NudgeCore

/// The store's schema. Migrations only add; a shipped migration is never edited.
///
/// Applied identifiers live in `grdb_migrations`, the table GRDB's migrator kept before, so
/// every existing store stays readable. All missing migrations run in the caller's one
/// IMMEDIATE transaction: two processes meeting on a new store migrate one after the other.
enum Schema {
    struct Migration: Sendable {
        var identifier: String
        var apply: @Sendable (Database, Date) throws -> Void
    }

    static let migrations: [Migration] = [
        Migration(identifier: "v1 shared store") { db, _ in
            try db.execute(sql: v1)
            try addMissingColumns(db, table: "current_session", columns: ["terminal_state": "TEXT"])
            try addMissingColumns(db, table: "sleep_sessions", columns: ["terminal_state": "TEXT"])
        },
        Migration(identifier: "v2 call cadence") { db, _ in try db.execute(sql: v2) },
        // Every wake asks for the latest shown dose notification; without it, a scan of a
        // table that grows for years.
        Migration(identifier: "v3 deliveries by kind") { db, _ in
            try db.execute(
                sql: "CREATE INDEX IF NOT EXISTS reminder_deliveries_kind_shown ON reminder_deliveries(kind, shown_at)")
        },
        Migration(identifier: "v4 occurrence identities") { db, now in
            // A deliveries table another program made to the contract lacks nudge's own columns.
            try addMissingColumns(
                db, table: "reminder_deliveries",
                columns: ["cancelled_at": "TEXT", "missed_at": "TEXT", "title": "TEXT", "body": "TEXT"])
            try db.execute(sql: v4)
            try db.execute(sql: identityTriggers)
            try OccurrenceIdentities.backfill(db)
            try db.execute(
                sql:
                    "INSERT OR IGNORE INTO store_metadata (key, value) VALUES ('created_at', coalesce((SELECT min(due_at) FROM reminder_deliveries), ?))",
                arguments: [Timestamp.format(now)])
        },
        Migration(identifier: "v5 call due") { db, _ in try CallDue.rebuild(db) },
        // Every plan reads the entries of a few days for the diary prompt's text.
        Migration(identifier: "v6 symptom entries by time") { db, _ in
            try db.execute(
                sql:
                    "CREATE INDEX IF NOT EXISTS symptom_entries_by_time ON symptom_entries(logged_at, name, severity, id)"
            )
        },
        Migration(identifier: "v7 meditation sessions") { db, _ in
            try db.execute(sql: v7)
            // A table another timer made to the contract lacks nudge's sleep clock.
            try addMissingColumns(
                db, table: "meditation_sessions", columns: ["boot_id": "TEXT", "suspended_seconds": "REAL"])
        },
        // Every plan reads the owed deliveries and the open one-off calls: without these, each
        // read every row the tables ever had.
        Migration(identifier: "v8 owed and open rows") { db, _ in
            try db.execute(
                sql: """
                    CREATE INDEX IF NOT EXISTS reminder_deliveries_owed ON reminder_deliveries(id) WHERE \(DeliveryRecord.owedSQL());
                    CREATE INDEX IF NOT EXISTS call_reminders_open ON call_reminders(due_at, id) WHERE done_at IS NULL;
                    """)
        },
        Migration(identifier: "v9 therapy journal") { db, _ in try db.execute(sql: v9) },
        // DoseTap indexes dose_events(session_id) itself; v1's copy only costs every write.
        Migration(identifier: "v10 one index on dose sessions") { db, _ in
            try dropIndex(db, "dose_events_session_id", ifAnotherOn: "dose_events", leadingColumn: "session_id")
        },
    ]

    static var identifiers: [String] { migrations.map(\.identifier) }

    /// The migrations recorded in the store, in the order they were applied.
    static func applied(_ db: Database) throws -> [String] {
        guard try db.tableExists("grdb_migrations") else { return [] }
        return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }

    /// Runs what is missing; the caller holds the write lock.
    static func migrate(_ db: Database, now: Date) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        let done = Set(try applied(db))
        for migration in migrations where !done.contains(migration.identifier) {
            try migration.apply(db, now)
            try db.execute(
                sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
        }
    }

    /// A store the dose tracker made may predate a column its own later migration added.
    /// Drops nudge's index `name` where another index of `table` starts with the same column.
    private static func dropIndex(
        _ db: Database, _ name: String, ifAnotherOn table: String, leadingColumn column: String
    ) throws {
        let others = try String.fetchAll(
            db, sql: "SELECT name FROM pragma_index_list(?) WHERE name <> ?", arguments: [table, name])
        for other in others
        where try String.fetchOne(db, sql: "SELECT name FROM pragma_index_info(?) WHERE seqno = 0", arguments: [other])
            == column
        {
            try db.execute(sql: "DROP INDEX IF EXISTS \(name)")
            return
        }
    }

    private static func addMissingColumns(_ db: Database, table: String, columns: [String: String]) throws {
        let existing = Set(try db.columns(in: table).map(\.name))
        for (name, type) in columns.sorted(by: { $0.key < $1.key }) where !existing.contains(name) {
            try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN \(name) \(type)")
        }
    }

    // Occurrence keys are built from these serials, never from row ids, which SQLite gives
    // again after a delete. AUTOINCREMENT never reuses a serial; the triggers give every row a
    // serial whoever inserts it (INSERT OR REPLACE replaces the serial: a new row, a new key).
    // `store_metadata.created_at` is when nudge first met the store: nothing before it is missed.
    private static let v4 = """
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

    static let identityTriggerNames = [
        "contacts_identity_insert", "contacts_identity_delete", "contacts_identity_renumber",
        "call_reminders_identity_insert", "call_reminders_identity_delete", "call_reminders_identity_renumber",
    ]

    static let identityTriggers = """
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

    // The therapy journal as STORE.md gives it. Reflections go with their session whoever
    // deletes it: by the foreign key where it is enforced, by the trigger where it is not.
    private static let v9 = """
        CREATE TABLE IF NOT EXISTS therapy_sessions (
            id TEXT PRIMARY KEY,
            started_at TEXT NOT NULL,
            treatment_type TEXT NOT NULL CHECK (treatment_type IN ('iv', 'im', 'oral', 'lozenge', 'at-home', 'clinic')),
            dose TEXT CHECK (dose IS NULL OR length(dose) <= 200),
            intentions TEXT CHECK (intentions IS NULL OR length(intentions) <= 5000),
            environment TEXT CHECK (environment IS NULL OR length(environment) <= 5000),
            music TEXT CHECK (music IS NULL OR length(music) <= 5000),
            mood_before INTEGER CHECK (mood_before IS NULL OR mood_before BETWEEN 1 AND 10),
            mood_after INTEGER CHECK (mood_after IS NULL OR mood_after BETWEEN 1 AND 10),
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS therapy_sessions_started_at ON therapy_sessions(started_at);
        CREATE TABLE IF NOT EXISTS therapy_reflections (
            id TEXT PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES therapy_sessions(id) ON DELETE CASCADE,
            written_at TEXT NOT NULL,
            text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 20000),
            source TEXT NOT NULL CHECK (source IN ('command', 'editor', 'reply')),
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS therapy_reflections_by_session ON therapy_reflections(session_id, written_at);
        CREATE TRIGGER IF NOT EXISTS therapy_sessions_delete_reflections AFTER DELETE ON therapy_sessions BEGIN
            DELETE FROM therapy_reflections WHERE session_id = old.id;
        END;
        """

    // boot_id and suspended_seconds are nudge's own: the machine's sleep clock when the timer
    // started, so a sleep during the session ends it there.
    private static let v7 = """
        CREATE TABLE IF NOT EXISTS meditation_sessions (
            id TEXT PRIMARY KEY,
            started_at TEXT NOT NULL,
            utc_offset_minutes INTEGER NOT NULL,
            planned_seconds INTEGER NOT NULL CHECK (planned_seconds > 0),
            interval_seconds INTEGER NOT NULL DEFAULT 0,
            ended_at TEXT,
            actual_seconds INTEGER,
            outcome TEXT CHECK (outcome IS NULL OR outcome IN ('completed', 'ended_early', 'interrupted')),
            source TEXT NOT NULL DEFAULT 'timer',
            created_at TEXT NOT NULL,
            boot_id TEXT,
            suspended_seconds REAL
        );
        CREATE INDEX IF NOT EXISTS meditation_sessions_started_at ON meditation_sessions(started_at);
        CREATE INDEX IF NOT EXISTS meditation_sessions_running ON meditation_sessions(ended_at) WHERE ended_at IS NULL;
        """

    // When a contact's cadence last started again without a call (a reminder shown or
    // dismissed), so a missed date rolls forward once instead of firing every cycle.
    private static let v2 = """
        CREATE TABLE IF NOT EXISTS call_cadence (
            contact_id INTEGER PRIMARY KEY REFERENCES contacts(id) ON DELETE CASCADE,
            restarted_on TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS call_logs_latest ON call_logs(contact_id, is_marked_deleted, called_at);
        """

    // The dose tracker's three tables are created exactly as its data dictionary gives them, and
    // only if missing: a store it made is used as it is.
    private static let v1 = """
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
