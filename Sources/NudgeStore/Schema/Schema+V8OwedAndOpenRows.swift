import Foundation
import GRDB

/// Every plan reads the owed deliveries and the open one-off calls: without these, each read
/// every row the tables ever had. The condition is `DeliveryRecord.owedSQL()` as it was then.
extension Schema {
    static let v8 = Migration(identifier: "v8 owed and open rows") { db, _ in
        try db.execute(sql: v8SQL)
    }

    private static let v8SQL = """
        CREATE INDEX IF NOT EXISTS reminder_deliveries_owed ON reminder_deliveries(id) WHERE (reminder_deliveries.shown_at IS NULL AND reminder_deliveries.action IS NULL AND reminder_deliveries.cancelled_at IS NULL AND reminder_deliveries.missed_at IS NULL);
        CREATE INDEX IF NOT EXISTS call_reminders_open ON call_reminders(due_at, id) WHERE done_at IS NULL;
        """
}
