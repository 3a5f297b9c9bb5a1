import Foundation
import GRDB

/// When the daemon learned that the notification server which showed a notification had gone
/// (a restarted server shows nothing of the one before), the notification still open: history
/// says it was lost, and whether it was shown again. Numbered 24 (22 and 23 are other
/// branches').
extension Schema {
    static let v24 = Migration(identifier: "v24 notifications lost with their server") { db, _ in
        try addMissingColumns(db, table: "reminder_deliveries", columns: ["lost_at": "TEXT"])
    }
}
