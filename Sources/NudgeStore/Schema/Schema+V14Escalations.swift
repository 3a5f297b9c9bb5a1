import Foundation
import GRDB

/// The alarms sent beyond this computer (`alarm.escalate_command`): one row per alarm's key,
/// written before the command starts, so that a daemon killed and restarted never runs it twice,
/// and one killed before it ran runs it once. Its end and outcome are written when it ends.
extension Schema {
    static let v14 = Migration(identifier: "v14 alarm escalations") { db, _ in
        try db.execute(sql: v14SQL)
    }

    private static let v14SQL = """
        CREATE TABLE IF NOT EXISTS reminder_escalations (
            reminder_key TEXT NOT NULL PRIMARY KEY,
            kind TEXT NOT NULL,
            due_at TEXT NOT NULL,
            reason TEXT NOT NULL CHECK (reason IN ('unanswered', 'sleep')),
            started_at TEXT NOT NULL,
            ended_at TEXT,
            outcome TEXT
        );
        """
}
