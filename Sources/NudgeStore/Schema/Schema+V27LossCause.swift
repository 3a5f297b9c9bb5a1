import Foundation
import GRDB

/// Why a delivery was lost (`lost_at`): its server went away (`server`, and every row from
/// before this column), or an older copy of the store put in place still recorded it as on
/// screen after its notification was closed (`older_copy`): history says which.
extension Schema {
    static let v27 = Migration(identifier: "v27 why a notification was lost") { db, _ in
        try addMissingColumns(db, table: "reminder_deliveries", columns: ["lost_reason": "TEXT"])
    }
}
