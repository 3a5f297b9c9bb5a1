import Foundation
import GRDB
import NudgeCore

/// `call log` and `log symptom` refuse a second record of the same contact or symptom within
/// ``DuplicateRecord/window`` of one already there, by whichever program wrote it, unless
/// confirmed; the check and the write are one transaction. `call edit` and `symptoms edit`
/// check a record moved or renamed the same way (`correctCall`, `correctSymptom`).
extension Store {
    /// A call logged, or the call of the contact (not marked deleted) it would repeat.
    public func logCall(
        contactID: Int64, at calledAt: Date, durationMinutes: Int, mood: String?, notes: String?,
        confirmedDuplicate: Bool, now: Date
    ) throws(StoreError) -> Result<String, DuplicateRecord> {
        try write { db in
            if !confirmedDuplicate,
                let earlier = try Self.callDuplicate(db, contactID: contactID, at: calledAt, besides: nil)
            {
                return .failure(earlier)
            }
            return .success(
                try Self.insertCall(
                    db, contactID: contactID, at: calledAt, durationMinutes: durationMinutes, mood: mood,
                    notes: notes, now: now))
        }
    }

    /// A diary entry added, or the entry of the same symptom (in any case) it would repeat.
    public func addSymptom(
        name typed: String, severity: Int, notes: String?, loggedAt: Date, confirmedDuplicate: Bool, now: Date
    ) throws(StoreError) -> Result<SymptomEntry, DuplicateRecord> {
        try write { db in
            if !confirmedDuplicate,
                let earlier = try Self.symptomDuplicate(db, name: typed, at: loggedAt, besides: nil)
            {
                return .failure(earlier)
            }
            return .success(
                try Self.insertSymptom(
                    db, name: typed, severity: severity, notes: notes, loggedAt: loggedAt, now: now))
        }
    }

    /// The call of the contact (not marked deleted, not `besides`) that one at `calledAt` would
    /// repeat.
    static func callDuplicate(_ db: Database, contactID: Int64, at calledAt: Date, besides: String?) throws
        -> DuplicateRecord?
    {
        let calls = try recordsNear(
            db,
            sql:
                "SELECT CAST(id AS TEXT) AS id, called_at AS at FROM call_logs WHERE contact_id = ? AND is_marked_deleted = 0",
            column: "called_at", arguments: [contactID], instant: calledAt)
        return DuplicateRecord.nearest(calls.filter { $0.id != besides }, to: calledAt)
    }

    /// The entry of the same symptom (in any case, not `besides`) that one at `loggedAt` would
    /// repeat.
    static func symptomDuplicate(_ db: Database, name: String, at loggedAt: Date, besides: String?) throws
        -> DuplicateRecord?
    {
        // Cast: another program may have stored a name as a number.
        let entries = try recordsNear(
            db,
            sql:
                "SELECT CAST(id AS TEXT) AS id, logged_at AS at, CAST(name AS TEXT) AS name FROM symptom_entries WHERE 1",
            column: "logged_at", arguments: [], instant: loggedAt
        ) { SymptomEntry.sameSymptom($0.stored("name") ?? "") == SymptomEntry.sameSymptom(name) }
        return DuplicateRecord.nearest(entries.filter { $0.id != besides }, to: loggedAt)
    }

    /// The rows of `sql` whose `column` is within a day of `instant` (a day's slack on the text
    /// comparison: other writers' formats sort apart from nudge's), read as times; a row whose
    /// id or time cannot be read is none.
    private static func recordsNear(
        _ db: Database, sql: String, column: String, arguments: [any DatabaseValueConvertible], instant: Date,
        where keep: (Row) -> Bool = { _ in true }
    ) throws -> [DuplicateRecord] {
        try Row.fetchAll(
            db, sql: "\(sql) AND \(column) BETWEEN ? AND ?",
            arguments: StatementArguments(
                arguments + [
                    Timestamp.format(instant.addingTimeInterval(-86400)),
                    Timestamp.format(instant.addingTimeInterval(86400)),
                ])
        ).compactMap { row in
            guard keep(row), let id = row.stored("id", as: String.self),
                let at = row.stored("at", as: String.self).flatMap(Timestamp.parse)
            else { return nil }
            return DuplicateRecord(id: id, at: at)
        }
    }
}
