import Foundation
import GRDB

extension Schema {
    static let v2 = Migration(identifier: "v2 call cadence") { db, _ in
        try db.execute(sql: v2SQL)
    }

    // When a contact's cadence last started again without a call (a reminder shown or
    // dismissed), so a missed date rolls forward once instead of firing every cycle.
    private static let v2SQL = """
        CREATE TABLE IF NOT EXISTS call_cadence (
            contact_id INTEGER PRIMARY KEY REFERENCES contacts(id) ON DELETE CASCADE,
            restarted_on TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS call_logs_latest ON call_logs(contact_id, is_marked_deleted, called_at);
        """
}
