import Foundation
import GRDB

/// nudge's own record of each medication's schedule as it was: one row per `meds add`, `edit`
/// and `remove` (`removed` 1), in effect from `from_at` until the medication's next row, so
/// that `meds history` reads each dose by the schedule in effect when it came due, not by
/// today's (issue 40: after an edit a past day's dose taken was "not scheduled"). Seeded with
/// each medication's row as it is now, from its last change: what came before is not known.
/// No CHECK: another program's wrong type is read as unreadable, never refused. Numbered 22
/// (21 is the own reminders' ends).
extension Schema {
    static let v22 = Migration(identifier: "v22 medication schedule versions") { db, _ in
        try db.execute(sql: v22SQL)
    }

    private static let v22SQL = """
        CREATE TABLE IF NOT EXISTS medication_schedule_versions (
            id INTEGER PRIMARY KEY,
            medication_id TEXT NOT NULL,
            dose_mg INTEGER,
            formulation TEXT,
            times TEXT,
            days TEXT,
            from_at TEXT NOT NULL,
            removed INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX IF NOT EXISTS medication_schedule_versions_by_medication
            ON medication_schedule_versions(medication_id, from_at);
        INSERT INTO medication_schedule_versions (medication_id, dose_mg, formulation, times, days, from_at)
            SELECT medication_id, dose_mg, formulation, times, days, COALESCE(updated_at, created_at, '1970-01-01T00:00:00Z')
            FROM medication_schedules WHERE medication_id IS NOT NULL;
        """
}
