import Foundation
import GRDB

/// A notification the server let expire unanswered is shown again (`notify.reshow_minutes`):
/// whether it waits for an answer (NULL for rows shown before: never shown again), when it is
/// shown again, and how many times it was. Such a row is owed again, so the owed rows' index
/// takes the new condition, `DeliveryRecord.owedSQL()` as it is now.
extension Schema {
    static let v12 = Migration(identifier: "v12 reshow expired notifications") { db, _ in
        try addMissingColumns(
            db, table: "reminder_deliveries",
            columns: ["awaits_answer": "INTEGER", "reshow_at": "TEXT", "reshown": "INTEGER NOT NULL DEFAULT 0"])
        try db.execute(sql: v12SQL)
    }

    private static let v12SQL = """
        DROP INDEX IF EXISTS reminder_deliveries_owed;
        CREATE INDEX reminder_deliveries_owed ON reminder_deliveries(id) WHERE ((reminder_deliveries.shown_at IS NULL OR reminder_deliveries.reshow_at IS NOT NULL) AND reminder_deliveries.action IS NULL AND reminder_deliveries.cancelled_at IS NULL AND reminder_deliveries.missed_at IS NULL);
        """
}
