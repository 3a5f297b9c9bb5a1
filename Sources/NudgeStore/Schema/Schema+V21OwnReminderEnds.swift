import Foundation
import GRDB

/// The last local day a person's own reminder comes on (`nudge remind --until`, `--count`, an
/// imported RRULE's COUNT or UNTIL), as `YYYY-MM-DD`; NULL repeats until deleted. Numbered 21
/// (19 made the table, 20 is the escalation command's process).
extension Schema {
    static let v21 = Migration(identifier: "v21 own reminder ends") { db, _ in
        try addMissingColumns(db, table: "own_reminders", columns: ["ends_on": "TEXT"])
    }
}
