import Foundation
import GRDB

/// A store as the dose tracker (DoseTap) makes it: the seven tables of its data dictionary
/// (seeds/003) and the two its app adds, with rows in every one, its indexes on the tables nudge
/// shares, the column its migrations add to `dose_events`, its `CURRENT_TIMESTAMP` defaults and
/// its times with milliseconds (as DoseTap's own code, Kxd395/DoseTap, writes them), and no
/// trace of nudge. Written here from those facts, not copied.
public enum DoseTapFixture {
    public static let tables = [
        "current_session", "sleep_sessions", "dose_events", "sleep_events", "morning_checkins", "pre_sleep_logs",
        "medication_events", "checkin_submissions", "cloudkit_tombstones",
    ]

    /// DoseTap's own indexes on the tables nudge shares.
    public static let indexes = [
        "idx_dose_events_session", "idx_dose_events_session_type", "idx_dose_events_session_id",
        "idx_sleep_sessions_date",
    ]

    /// A time as DoseTap's reader reads it: nil without a fraction of the second.
    public static func read(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    public static func create(at path: String) throws {
        let database = try DatabaseQueue(path: path)
        try database.write { db in try db.execute(sql: sql) }
    }

    static let sql = """
        PRAGMA journal_mode = WAL;
        CREATE TABLE current_session (
            id INTEGER PRIMARY KEY CHECK (id = 1), dose1_time TEXT, dose2_time TEXT, snooze_count INTEGER DEFAULT 0,
            dose2_skipped INTEGER DEFAULT 0, session_date TEXT NOT NULL, session_id TEXT, session_start_utc TEXT,
            session_end_utc TEXT, terminal_state TEXT, updated_at TEXT DEFAULT CURRENT_TIMESTAMP);
        CREATE TABLE sleep_sessions (
            session_id TEXT PRIMARY KEY, session_date TEXT NOT NULL, start_utc TEXT NOT NULL, end_utc TEXT,
            terminal_state TEXT, created_at TEXT DEFAULT CURRENT_TIMESTAMP, updated_at TEXT DEFAULT CURRENT_TIMESTAMP);
        CREATE TABLE dose_events (
            id TEXT PRIMARY KEY, event_type TEXT NOT NULL, timestamp TEXT NOT NULL, session_date TEXT NOT NULL,
            session_id TEXT, metadata TEXT, created_at TEXT DEFAULT CURRENT_TIMESTAMP, is_hazard INTEGER DEFAULT 0);
        CREATE INDEX idx_dose_events_session ON dose_events(session_date);
        CREATE INDEX idx_dose_events_session_type ON dose_events(session_date, event_type);
        CREATE INDEX idx_dose_events_session_id ON dose_events(session_id);
        CREATE INDEX idx_sleep_sessions_date ON sleep_sessions(session_date);
        CREATE TABLE checkin_submissions (
            id TEXT PRIMARY KEY, session_id TEXT, session_date TEXT NOT NULL, submitted_at_utc TEXT NOT NULL,
            responses_json TEXT NOT NULL);
        CREATE TABLE cloudkit_tombstones (key TEXT PRIMARY KEY, record_type TEXT NOT NULL, created_at TEXT NOT NULL);
        CREATE TABLE sleep_events (
            id TEXT PRIMARY KEY, event_type TEXT NOT NULL, timestamp TEXT NOT NULL, session_date TEXT NOT NULL,
            session_id TEXT, color_hex TEXT, notes TEXT, created_at TEXT DEFAULT CURRENT_TIMESTAMP);
        CREATE TABLE morning_checkins (
            id TEXT PRIMARY KEY, session_id TEXT NOT NULL, timestamp TEXT NOT NULL, session_date TEXT NOT NULL,
            sleep_quality INTEGER NOT NULL DEFAULT 3, feel_rested TEXT NOT NULL DEFAULT 'moderate',
            grogginess TEXT NOT NULL DEFAULT 'mild', sleep_inertia_duration TEXT NOT NULL DEFAULT 'fiveToFifteen',
            dream_recall TEXT NOT NULL DEFAULT 'none', has_physical_symptoms INTEGER NOT NULL DEFAULT 0,
            physical_symptoms_json TEXT, has_respiratory_symptoms INTEGER NOT NULL DEFAULT 0,
            respiratory_symptoms_json TEXT, mental_clarity INTEGER NOT NULL DEFAULT 5, mood TEXT NOT NULL DEFAULT 'neutral',
            anxiety_level TEXT NOT NULL DEFAULT 'none', readiness_for_day INTEGER NOT NULL DEFAULT 3,
            had_sleep_paralysis INTEGER NOT NULL DEFAULT 0, had_hallucinations INTEGER NOT NULL DEFAULT 0,
            had_automatic_behavior INTEGER NOT NULL DEFAULT 0, fell_out_of_bed INTEGER NOT NULL DEFAULT 0,
            had_confusion_on_waking INTEGER NOT NULL DEFAULT 0, used_sleep_therapy INTEGER NOT NULL DEFAULT 0,
            sleep_therapy_json TEXT, has_sleep_environment INTEGER NOT NULL DEFAULT 0, sleep_environment_json TEXT, notes TEXT);
        CREATE TABLE pre_sleep_logs (
            id TEXT PRIMARY KEY, session_id TEXT, created_at_utc TEXT NOT NULL, local_offset_minutes INTEGER NOT NULL,
            completion_state TEXT NOT NULL DEFAULT 'partial', answers_json TEXT NOT NULL DEFAULT '{}',
            created_at TEXT DEFAULT CURRENT_TIMESTAMP);
        CREATE TABLE medication_events (
            id TEXT PRIMARY KEY, session_id TEXT, session_date TEXT NOT NULL, medication_id TEXT NOT NULL,
            dose_mg INTEGER NOT NULL, dose_unit TEXT NOT NULL DEFAULT 'mg', formulation TEXT NOT NULL DEFAULT 'ir',
            taken_at_utc TEXT NOT NULL, local_offset_minutes INTEGER NOT NULL DEFAULT 0, notes TEXT,
            confirmed_duplicate INTEGER NOT NULL DEFAULT 0, created_at TEXT DEFAULT CURRENT_TIMESTAMP);

        INSERT INTO current_session (id, dose1_time, dose2_time, snooze_count, dose2_skipped, session_date, session_id,
            session_start_utc, terminal_state, updated_at)
            VALUES (1, '2026-11-19T22:10:00.000Z', '2026-11-20T01:05:12.345Z', 1, 0, '2026-11-19',
            '5B0E6F1A-8C2D-4E3F-9A1B-2C3D4E5F6A7B', '2026-11-19T22:10:00.000Z', NULL, '2026-11-20 01:05:12');
        INSERT INTO sleep_sessions (session_id, session_date, start_utc, end_utc, terminal_state, created_at, updated_at)
            VALUES ('5B0E6F1A-8C2D-4E3F-9A1B-2C3D4E5F6A7B', '2026-11-19', '2026-11-19T22:10:00.000Z', NULL, NULL,
            '2026-11-19 22:10:00', '2026-11-20 01:05:12');
        INSERT INTO dose_events (id, event_type, timestamp, session_date, session_id, metadata, created_at) VALUES
            ('E1', 'dose1', '2026-11-19T22:10:00.000Z', '2026-11-19', '5B0E6F1A-8C2D-4E3F-9A1B-2C3D4E5F6A7B', NULL, '2026-11-19 22:10:00'),
            ('E2', 'snooze', '2026-11-20T00:55:00.000Z', '2026-11-19', '5B0E6F1A-8C2D-4E3F-9A1B-2C3D4E5F6A7B', '{"count":1}', '2026-11-20 00:55:00'),
            ('E3', 'dose2', '2026-11-20T01:05:12.345Z', '2026-11-19', '5B0E6F1A-8C2D-4E3F-9A1B-2C3D4E5F6A7B', NULL, '2026-11-20 01:05:12');
        INSERT INTO sleep_events (id, event_type, timestamp, session_date, session_id, color_hex, notes)
            VALUES ('S1', 'Bathroom', '2026-11-20T03:00:00Z', '2026-11-19', '5B0E6F1A-8C2D-4E3F-9A1B-2C3D4E5F6A7B', '#4A90D9', NULL);
        INSERT INTO morning_checkins (id, session_id, timestamp, session_date, sleep_quality, mood, notes)
            VALUES ('M1', '5B0E6F1A-8C2D-4E3F-9A1B-2C3D4E5F6A7B', '2026-11-20T07:30:00Z', '2026-11-19', 4, 'good', 'slept ok');
        INSERT INTO pre_sleep_logs (id, session_id, created_at_utc, local_offset_minutes, completion_state, answers_json)
            VALUES ('P1', '5B0E6F1A-8C2D-4E3F-9A1B-2C3D4E5F6A7B', '2026-11-19T21:45:00Z', -300, 'complete', '{"caffeine":false}');
        INSERT INTO checkin_submissions (id, session_id, session_date, submitted_at_utc, responses_json)
            VALUES ('C1', '5B0E6F1A-8C2D-4E3F-9A1B-2C3D4E5F6A7B', '2026-11-19', '2026-11-20T07:31:00.000Z', '{}');
        INSERT INTO cloudkit_tombstones (key, record_type, created_at) VALUES ('T1', 'DoseEvent', '2026-11-18 10:00:00');
        INSERT INTO medication_events (id, session_id, session_date, medication_id, dose_mg, taken_at_utc, local_offset_minutes)
            VALUES ('X1', '5B0E6F1A-8C2D-4E3F-9A1B-2C3D4E5F6A7B', '2026-11-19', 'sodium-oxybate', 4500, '2026-11-19T22:10:00Z', -300);
        """
}
