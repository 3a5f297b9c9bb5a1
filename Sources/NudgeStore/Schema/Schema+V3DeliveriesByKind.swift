import Foundation
import GRDB

/// Every wake asks for the latest shown dose notification; without it, a scan of a table that
/// grows for years.
extension Schema {
    static let v3 = Migration(identifier: "v3 deliveries by kind") { db, _ in
        try db.execute(
            sql: "CREATE INDEX IF NOT EXISTS reminder_deliveries_kind_shown ON reminder_deliveries(kind, shown_at)")
    }
}
