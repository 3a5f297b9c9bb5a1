import Foundation
import GRDB

/// DoseTap's log of the day's other medications, created in the shape DoseTap's own schema code
/// gives it where DoseTap has not made it yet (its code keeps `confirmed_duplicate` nullable,
/// where its data dictionary says NOT NULL: the code is what DoseTap runs). A table an earlier
/// DoseTap made gets the columns DoseTap's own migration adds. Numbered 16: 15 is Do Not
/// Disturb's. Beside it, nudge's own `medication_schedules`: what the person takes by day.
extension Schema {
    static let v16 = Migration(identifier: "v16 medications") { db, _ in
        try db.execute(sql: v16SQL)
        try addMissingColumns(
            db, table: "medication_events",
            columns: [
                "dose_unit": "TEXT NOT NULL DEFAULT 'mg'", "formulation": "TEXT NOT NULL DEFAULT 'ir'",
                "local_offset_minutes": "INTEGER NOT NULL DEFAULT 0",
            ])
        try db.execute(sql: v16IndexSQL)
        try db.execute(sql: v16SchedulesSQL)
    }

    private static let v16SchedulesSQL = """
        CREATE TABLE IF NOT EXISTS medication_schedules (
            id INTEGER PRIMARY KEY,
            medication_id TEXT NOT NULL UNIQUE,
            dose_mg INTEGER NOT NULL CHECK (dose_mg > 0),
            formulation TEXT NOT NULL CHECK (formulation IN ('ir', 'xr', 'liquid')),
            times TEXT NOT NULL,
            days TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        """

    private static let v16SQL = """
        CREATE TABLE IF NOT EXISTS medication_events (
            id TEXT PRIMARY KEY,
            session_id TEXT,
            session_date TEXT NOT NULL,
            medication_id TEXT NOT NULL,
            dose_mg INTEGER NOT NULL,
            dose_unit TEXT NOT NULL DEFAULT 'mg',
            formulation TEXT NOT NULL DEFAULT 'ir',
            taken_at_utc TEXT NOT NULL,
            local_offset_minutes INTEGER NOT NULL DEFAULT 0,
            notes TEXT,
            confirmed_duplicate INTEGER DEFAULT 0,
            created_at TEXT DEFAULT CURRENT_TIMESTAMP
        );
        """

    /// DoseTap's own indexes, under its names, so that neither program makes a second.
    private static let v16IndexSQL = """
        CREATE INDEX IF NOT EXISTS idx_medication_events_session ON medication_events(session_id);
        CREATE INDEX IF NOT EXISTS idx_medication_events_session_date ON medication_events(session_date);
        CREATE INDEX IF NOT EXISTS idx_medication_events_medication ON medication_events(medication_id);
        CREATE INDEX IF NOT EXISTS idx_medication_events_taken_at ON medication_events(taken_at_utc);
        """
}
