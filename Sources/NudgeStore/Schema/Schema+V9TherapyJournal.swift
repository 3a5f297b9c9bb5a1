import Foundation
import GRDB

extension Schema {
    static let v9 = Migration(identifier: "v9 therapy journal") { db, _ in
        try db.execute(sql: v9SQL)
    }

    // The therapy journal as nudge(5) gives it. Reflections go with their session whoever
    // deletes it: by the foreign key where it is enforced, by the trigger where it is not.
    private static let v9SQL = """
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
}
