import Foundation
import GRDB
import NudgeCore

/// The contacts (Monica's table): listed, found by name or id, added, edited and removed.
extension Store {
    public func contacts() throws(StoreError) -> [ContactRow] {
        try read { db in
            try Row.fetchAll(db, sql: Self.contactColumns + " ORDER BY c.name COLLATE NOCASE, c.id").compactMap(
                Self.contact)
        }
    }

    public func openCallReminders() throws(StoreError) -> [OneOffCall] {
        try read(Self.openCallReminders)
    }

    /// Finds a contact by id (`7`, or `id:7` for the id alone), or by its whole name (without
    /// regard to case or surrounding spaces, as names are unique). A part of a name is never
    /// taken for the contact: `Anna` would log a call with Joanna. It is refused, with the names
    /// it resembles to type back. A number that is one contact's id and another's name is
    /// refused as ambiguous.
    public func resolveContact(_ text: String) throws(StoreError) -> Result<ContactRow, InputError> {
        let all = try contacts()
        if text.lowercased().hasPrefix("id:") {
            guard let id = Int64(text.dropFirst(3)), let match = all.first(where: { $0.id == id }) else {
                return .failure(
                    InputError("no contact has the id '\(text.dropFirst(3))'; 'nudge contacts list' shows them"))
            }
            return .success(match)
        }
        let named = all.filter { ContactName.same($0.name, text) }
        if let id = Int64(text), let match = all.first(where: { $0.id == id }) {
            if let other = named.first(where: { $0.id != id }) {
                return .failure(
                    InputError(
                        "'\(text)' is the id of \(match.name) and the name of contact \(other.id); give id:\(id) for \(match.name), or id:\(other.id) for the contact named '\(other.name)'"
                    ))
            }
            return .success(match)
        }
        if named.count == 1 { return .success(named[0]) }
        if named.count > 1 {
            let listed = named.prefix(10).map { "\($0.name) (id \($0.id))" }.joined(separator: ", ")
            return .failure(InputError("\(named.count) contacts have that name: \(listed); give the id (id:N)"))
        }
        let shown = TextInput.oneLine(String(text.prefix(80)))
        let resembling = all.filter { ContactName.resembles($0.name, text) }.prefix(5)
        guard !resembling.isEmpty else {
            return .failure(
                InputError(
                    "no contact is named '\(shown)'; 'nudge contacts list' shows them, 'nudge contacts add NAME' adds one"
                ))
        }
        let typed = resembling.map(Self.typedBack)
        return .failure(
            InputError(
                "no contact is named '\(shown)'; give the whole name or the id; did you mean: \(typed.joined(separator: ", or "))?"
            ))
    }

    /// The contact as a person types it back: its name, quoted for the shell, or its id when
    /// the name would be read as one.
    private static func typedBack(_ contact: ContactRow) -> String {
        let name = contact.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Int64(name) == nil, !name.lowercased().hasPrefix("id:") else { return "id:\(contact.id)" }
        return ShellWord.quoted(TextInput.oneLine(name))
    }

    /// Adds a contact; refused when another has the same name without regard to case.
    public func addContact(name: String, everyDays: Int?, now: Date) throws(StoreError) -> Result<Int64, InputError> {
        try write { db in
            if let refusal = try Self.nameTaken(db, name, by: nil) { return .failure(refusal) }
            try db.execute(
                sql: """
                    INSERT INTO contacts (id, name, stay_in_touch_days, created_at)
                    VALUES (\(IssuedNumbers.contacts.nextSQL), ?, ?, ?)
                    """,
                arguments: [name, everyDays, Timestamp.format(now)])
            let id = db.lastInsertedRowID
            try IssuedNumbers.contacts.recordIssued(through: id, db)
            return .success(id)
        }
    }

    /// One name, one person: names are compared as a person reads them, without regard to case.
    private static func nameTaken(_ db: Database, _ name: String, by id: Int64?) throws -> InputError? {
        let rows = try Row.fetchCursor(db, sql: "SELECT id, name FROM contacts")
        while let row = try rows.next() {
            guard let stored: String = row.stored(at: 1), ContactName.same(stored, name) else { continue }
            let other: Int64? = row.stored(at: 0)
            guard other != id else { continue }
            return InputError(
                "a contact named '\(stored)' exists (id \(other.map(String.init) ?? "?")); give another name, or use that one"
            )
        }
        return nil
    }

    public enum CadenceChange: Sendable {
        case keep
        case set(Int)
        case remove
    }

    public func editContact(_ id: Int64, name: String?, cadence: CadenceChange) throws(StoreError) -> Result<
        Void, InputError
    > {
        try write { db in
            if let name {
                if let refusal = try Self.nameTaken(db, name, by: id) { return .failure(refusal) }
                try db.execute(sql: "UPDATE contacts SET name = ? WHERE id = ?", arguments: [name, id])
            }
            switch cadence {
            case .keep: break
            case .set(let days):
                try db.execute(sql: "UPDATE contacts SET stay_in_touch_days = ? WHERE id = ?", arguments: [days, id])
            case .remove:
                try db.execute(sql: "UPDATE contacts SET stay_in_touch_days = NULL WHERE id = ?", arguments: [id])
            }
            return .success(())
        }
    }

    /// The calls logged with a contact, which removing it would delete.
    public func loggedCallCount(contactID id: Int64) throws(StoreError) -> Int {
        try read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM call_logs WHERE contact_id = ?", arguments: [id]) ?? 0
        }
    }

    /// Removes a contact with its one-off reminders. Its call history goes too only when asked:
    /// returns the number of calls that stop it otherwise.
    public func removeContact(_ id: Int64, deletingCalls: Bool) throws(StoreError) -> Result<Int, InputError> {
        try write { db in
            let calls =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM call_logs WHERE contact_id = ?", arguments: [id]) ?? 0
            if calls > 0 && !deletingCalls {
                return .failure(
                    InputError(
                        "the contact has \(calls) logged call\(calls == 1 ? "" : "s"); remove them too with --delete-calls"
                    ))
            }
            try db.execute(sql: "DELETE FROM call_logs WHERE contact_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM call_reminders WHERE contact_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM call_cadence WHERE contact_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM contacts WHERE id = ?", arguments: [id])
            return .success(calls)
        }
    }
}
