import Foundation
import GRDB

/// nudge's own record of a medication dose taken by day that was not taken: skipped (its
/// reminder's Skip) or missed (unanswered through its repeats, or found too late to show).
/// A dose is its medication, local day and time of day, as its reminder's key names it;
/// one outcome per dose, the first written stands. Taken doses are in DoseTap's
/// `medication_events`, where DoseTap reads them. Numbered 18: 17 is the store triggers'.
extension Schema {
    static let v18 = Migration(identifier: "v18 medication outcomes") { db, _ in
        try db.execute(sql: v18SQL)
    }

    private static let v18SQL = """
        CREATE TABLE IF NOT EXISTS medication_outcomes (
            id INTEGER PRIMARY KEY,
            medication_id TEXT NOT NULL,
            dose_date TEXT NOT NULL,
            dose_time TEXT NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('skipped', 'missed')),
            recorded_at TEXT NOT NULL,
            UNIQUE (medication_id, dose_date, dose_time)
        );
        """
}
