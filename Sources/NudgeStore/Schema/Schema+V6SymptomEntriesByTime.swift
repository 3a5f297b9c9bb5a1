import Foundation
import GRDB

/// Every plan reads the entries of a few days for the diary prompt's text.
extension Schema {
    static let v6 = Migration(identifier: "v6 symptom entries by time") { db, _ in
        try db.execute(
            sql: "CREATE INDEX IF NOT EXISTS symptom_entries_by_time ON symptom_entries(logged_at, name, severity, id)")
    }
}
