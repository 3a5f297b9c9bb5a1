import GRDB

/// `call_due`: each contact with a cadence, its latest call and the day its cadence falls due
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

    /// Fills the rows of the contacts that match `contacts` (a condition on `contacts`):
    /// days since 1970-01-01 of the later of the latest call's date (else the creation date)
    /// and the restart date, plus the cadence. NULL, and the contact always read, for a time
    /// SQLite cannot read or that lacks the shape nudge's own parser needs (a date alone,
    /// 'now', a number): nudge would count from another date than SQLite there.
    private static func insert(contacts condition: String) -> String {
        let from = "coalesce(c.last_call_at, c.created_at)"
        return """
            INSERT INTO call_due (contact_id, last_call_at, due_day)
                SELECT c.id, c.last_call_at,
                    CAST(julianday(max(
                        CASE WHEN typeof(\(from)) = 'text' AND length(\(from)) >= 19 AND substr(\(from), 11, 1) IN ('T', ' ')
                            THEN date(\(from)) END,
                        coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
                FROM (SELECT id, created_at, stay_in_touch_days,
                          (SELECT max(called_at) FROM call_logs WHERE contact_id = contacts.id AND is_marked_deleted = 0) AS last_call_at
                      FROM contacts WHERE \(condition) AND stay_in_touch_days > 0) c
                    LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
            """
    }

    private static func refresh(_ contactID: String) -> String {
        "DELETE FROM call_due WHERE contact_id = \(contactID);\n" + insert(contacts: "id = \(contactID)")
    }

    /// Name, event and the contacts each refreshes.
    private static let triggerEvents: [(String, String, [String])] = [
        ("call_due_log_insert", "AFTER INSERT ON call_logs", ["new.contact_id"]),
        (
            "call_due_log_update", "AFTER UPDATE OF contact_id, called_at, is_marked_deleted ON call_logs",
            ["old.contact_id", "new.contact_id"]
        ),
        ("call_due_log_delete", "AFTER DELETE ON call_logs", ["old.contact_id"]),
        ("call_due_contact_insert", "AFTER INSERT ON contacts", ["new.id"]),
        (
            "call_due_contact_update", "AFTER UPDATE OF id, stay_in_touch_days, created_at ON contacts",
            ["old.id", "new.id"]
        ),
        ("call_due_contact_delete", "AFTER DELETE ON contacts", ["old.id"]),
        ("call_due_restart_insert", "AFTER INSERT ON call_cadence", ["new.contact_id"]),
        ("call_due_restart_update", "AFTER UPDATE ON call_cadence", ["old.contact_id", "new.contact_id"]),
        ("call_due_restart_delete", "AFTER DELETE ON call_cadence", ["old.contact_id"]),
    ]

    static var triggerNames: [String] { triggerEvents.map(\.0) }

    static var triggers: String {
        triggerEvents.map { name, event, contacts in
            "CREATE TRIGGER IF NOT EXISTS \(name) \(event) BEGIN\n\(contacts.map(refresh).joined(separator: "\n"))\nEND;"
        }.joined(separator: "\n")
    }

    /// Fills the table from scratch: at the migration, and when a program that dropped and
    /// made again one of its source tables took the triggers with it.
    static func rebuild(_ db: Database) throws {
        try db.execute(sql: table)
        try db.execute(sql: triggers)
        try db.execute(sql: "DELETE FROM call_due")
        try db.execute(sql: insert(contacts: "1"))
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
