import GRDB

/// `call_due`: each contact with a cadence, its latest call nudge can read and the day its cadence falls due
/// by UTC dates, kept by triggers on every write to the tables it comes from, by nudge or by
/// another program. A plan then reads only the contacts due within days (an index range)
/// instead of every contact with a search of its call log each. The day is off from the
/// local due date by at most one either way; readers allow for that.
enum CallDue {
    static let table = """
        CREATE TABLE IF NOT EXISTS call_due (
            contact_id INTEGER PRIMARY KEY,
            last_call_at TEXT,
            due_day INTEGER
        );
        CREATE INDEX IF NOT EXISTS call_due_day ON call_due(due_day);
        """

    /// Past the year 9999 either way (days since 1970): a `due_day` beyond is no calendar day.
    static let farthestDay = 3_000_000

    /// The triggers and the fill are v17's (`Schema.CallDueV17`): a change to them is a new
    /// migration, which this then names.
    static var triggerNames: [String] { Schema.CallDueV17.triggerNames }

    static var triggers: String { Schema.CallDueV17.triggers }

    /// The latest readable call of `contact` (an SQL expression), as `call_due` keeps it.
    static func latestReadableCall(of contact: String) -> String { Schema.CallDueV17.latestReadableCall(of: contact) }

    /// Fills the table from scratch: at the migration, and when a program that dropped and
    /// made again one of its source tables took the triggers with it.
    static func rebuild(_ db: Database) throws {
        try db.execute(sql: table)
        try db.execute(sql: triggers)
        try db.execute(sql: "DELETE FROM call_due")
        try db.execute(sql: Schema.CallDueV17.insert(contacts: "1"))
    }

    /// Whether every trigger is in place.
    static func isKept(_ db: Database) throws -> Bool {
        let present = try Set(
            StoredColumn.values(
                db, String.self, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'call_due_%'"
            ))
        return Set(triggerNames).isSubset(of: present)
    }
}
