import Foundation
import GRDB

extension Schema {
    static let v7 = Migration(identifier: "v7 meditation sessions") { db, _ in
        try db.execute(sql: v7SQL)
        // A table another timer made to the contract lacks nudge's sleep clock.
        try addMissingColumns(
            db, table: "meditation_sessions", columns: ["boot_id": "TEXT", "suspended_seconds": "REAL"])
    }

    // boot_id and suspended_seconds are nudge's own: the machine's sleep clock when the timer
    // started, so a sleep during the session ends it there.
    private static let v7SQL = """
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
}
