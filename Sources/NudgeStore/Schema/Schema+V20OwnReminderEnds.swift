import Foundation
import GRDB

/// The last local day a person's own reminder comes on (`nudge remind --until`, `--count`, an
/// imported RRULE's COUNT or UNTIL), as `YYYY-MM-DD`; NULL repeats until deleted. Numbered 20:
/// 19 made the table.
extension Schema {
    static let v20 = Migration(identifier: "v20 own reminder ends") { db, _ in
        try addMissingColumns(db, table: "own_reminders", columns: ["ends_on": "TEXT"])
    }
}
