import Foundation
import GRDB

/// `call_due` from the latest call nudge can read (issue 39). Under v5's triggers a time another
/// program wrote that is no time (`yesterday`, `2026-11-31T10:00:00Z`) won `max(called_at)`,
/// sorting after every real date: the contact read as never called and got a reminder it was
/// not due. v17 replaces them with triggers that take the latest `called_at` in the form
/// `Timestamp.parse` reads (the form `CallLogRecord` accepts), and fills the table again; the
/// rows it comes from are left as they are. This text is v17's own: `CallDue` uses it as the
/// current one.
extension Schema {
    static let v17 = Migration(identifier: "v17 call due from readable calls") { db, _ in
        for name in CallDueV17.triggerNames { try db.execute(sql: "DROP TRIGGER IF EXISTS \(name)") }
        try db.execute(sql: CallDueV17.triggers)
        try db.execute(sql: "DELETE FROM call_due")
        try db.execute(sql: CallDueV17.insert(contacts: "1"))
    }

    enum CallDueV17 {
        /// The latest `called_at` of the calls of `contact` not marked deleted that is a time
        /// `Timestamp.parse` reads, as a scalar subquery: text in the shape
        /// `YYYY-MM-DD[T ]HH:MM[:SS][.fraction][Z|±HH[[:]MM]]` with a calendar date, an hour
        /// below 24, a minute below 60, a second below 61 and an offset to 18 hours. Plain SQL,
        /// no function of nudge's: the triggers run in every program that writes the calls.
        /// Ordered by the text, as `max()` was, so the index of the contact's calls answers.
        static func latestReadableCall(of contact: String) -> String {
            """
            (SELECT called_at FROM (
                SELECT called_at, CASE WHEN substr(rest, 1, 1) NOT IN ('.', ',') THEN rest
                    WHEN substr(rest, 2, 1) GLOB '[0-9]' THEN ltrim(substr(rest, 2), '0123456789') END AS zone
                FROM (
                    SELECT called_at, CASE WHEN substr(called_at, 17, 1) <> ':' THEN substr(called_at, 17)
                        WHEN substr(called_at, 18, 2) GLOB '[0-9][0-9]' AND substr(called_at, 18, 2) < '61'
                            THEN substr(called_at, 20) END AS rest
                    FROM call_logs
                    WHERE contact_id = \(contact) AND is_marked_deleted = 0 AND typeof(called_at) = 'text'
                        AND called_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][T ][0-9][0-9]:[0-9][0-9]*'
                        AND substr(called_at, 12, 2) < '24' AND substr(called_at, 15, 2) < '60'
                        AND date(substr(called_at, 1, 10), '+0 days') = substr(called_at, 1, 10)))
            WHERE zone IN ('', 'Z', 'z') OR (substr(zone, 1, 1) IN ('+', '-') AND substr(zone, 2, 2) <= '18'
                AND (substr(zone, 2) GLOB '[0-9][0-9]' OR (substr(zone, 2) GLOB '[0-9][0-9][0-9][0-9]'
                    OR substr(zone, 2) GLOB '[0-9][0-9]:[0-9][0-9]') AND substr(zone, -2) < '60'))
            ORDER BY called_at DESC LIMIT 1)
            """
        }

        /// Fills the rows of the contacts that match `condition` (on `contacts`): days since
        /// 1970-01-01 of the later of the latest readable call's date (else the creation date)
        /// and the restart date, plus the cadence. NULL, and the contact always read, for a
        /// creation time SQLite cannot read or that lacks the shape nudge's parser needs, or a
        /// call time without seconds: nudge would count from another date than SQLite there.
        static func insert(contacts condition: String) -> String {
            let from = "coalesce(c.last_call_at, c.created_at)"
            return """
                INSERT INTO call_due (contact_id, last_call_at, due_day)
                    SELECT c.id, c.last_call_at,
                        CAST(julianday(max(
                            CASE WHEN typeof(\(from)) = 'text' AND length(\(from)) >= 19 AND substr(\(from), 11, 1) IN ('T', ' ')
                                THEN date(\(from)) END,
                            coalesce(cc.restarted_on, ''))) - 2440587.5 AS INTEGER) + c.stay_in_touch_days
                    FROM (SELECT id, created_at, stay_in_touch_days, \(latestReadableCall(of: "contacts.id")) AS last_call_at
                          FROM contacts WHERE \(condition) AND stay_in_touch_days > 0) c
                        LEFT JOIN call_cadence cc ON cc.contact_id = c.id;
                """
        }

        private static func refresh(_ contactID: String) -> String {
            "DELETE FROM call_due WHERE contact_id = \(contactID);\n" + insert(contacts: "id = \(contactID)")
        }

        /// Name, event and the contacts each refreshes: v5's.
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
    }
}
