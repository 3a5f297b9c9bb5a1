import Foundation
import GRDB

/// The person's own reminders (`nudge remind`), in nudge's own table: the text, how it repeats
/// (`every` a number of days counted from `counted_from`, which *Done* moves; `on` a date;
/// `weekly` weekdays as `mon,thu`; `monthly` a day 1 to 31) and the time of day. Numbered 19:
/// 18 is the medication outcomes'.
extension Schema {
    static let v19 = Migration(identifier: "v19 own reminders") { db, _ in
        try db.execute(sql: v19SQL)
    }

    private static let v19SQL = """
        CREATE TABLE IF NOT EXISTS own_reminders (
            id INTEGER PRIMARY KEY,
            text TEXT NOT NULL,
            repeat_kind TEXT NOT NULL CHECK (repeat_kind IN ('every', 'on', 'weekly', 'monthly')),
            repeat_value TEXT NOT NULL,
            counted_from TEXT,
            at_time TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        );
        """
}
