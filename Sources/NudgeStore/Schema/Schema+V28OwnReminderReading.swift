import Foundation
import GRDB

/// Which of a fall-back night's two readings of a person's own reminder's time it comes at, as
/// the offset from UTC in minutes of the one named (`nudge remind --at '01:30 EST'`: -300); NULL
/// for the first, as before. Numbered 28 (27 is why a notification was lost).
extension Schema {
    static let v28 = Migration(identifier: "v28 own reminder reading of a repeated hour") { db, _ in
        try addMissingColumns(
            db, table: "own_reminders",
            columns: [
                "utc_offset_minutes":
                    "INTEGER CHECK (utc_offset_minutes IS NULL OR utc_offset_minutes BETWEEN -1080 AND 1080)"
            ])
    }
}
