import Foundation
import GRDB

/// When the daemon learned that the notification server which showed a notification had gone
/// (a restarted server shows nothing of the one before), the notification still open: history
/// says it was lost, and whether it was shown again. Numbered 23 (22 is the schedule
/// history's).
extension Schema {
    static let v23 = Migration(identifier: "v23 notifications lost with their server") { db, _ in
        try addMissingColumns(db, table: "reminder_deliveries", columns: ["lost_at": "TEXT"])
    }
}
