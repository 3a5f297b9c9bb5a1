import Foundation
import GRDB
import NudgeCore

/// A contact as the command line shows it.
public struct ContactRow: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var everyDays: Int?
    public var createdAt: Date
    public var lastCall: Date?
    public var restartedOn: CivilDate?
    /// The serial its occurrence keys use (nil only until the store's triggers gave it one).
    public var identity: Int64?

    public var cadence: ContactCadence? {
        guard let everyDays, let identity else { return nil }
        return ContactCadence(
            contactID: id, identity: identity, name: name, everyDays: everyDays, createdAt: createdAt,
            lastCall: lastCall,
            restartedOn: restartedOn)
    }
}

extension Store {
    private static let contactColumns = """
        SELECT c.id, c.name, c.stay_in_touch_days, c.created_at, cc.restarted_on,
            (SELECT max(l.called_at) FROM call_logs l WHERE l.contact_id = c.id AND l.is_marked_deleted = 0) AS last_call,
            ci.identity
        FROM contacts c LEFT JOIN call_cadence cc ON cc.contact_id = c.id LEFT JOIN contact_identities ci ON ci.contact_id = c.id
        """

    static func contact(_ row: Row) -> ContactRow {
        ContactRow(
            id: row["id"], name: row["name"], everyDays: row["stay_in_touch_days"],
            createdAt: (row["created_at"] as String?).flatMap(Timestamp.parse) ?? Date(timeIntervalSince1970: 0),
            lastCall: (row["last_call"] as String?).flatMap(Timestamp.parse),
            restartedOn: (row["restarted_on"] as String?).flatMap { CivilDate(iso: $0) }, identity: row["identity"])
    }

    /// The hot path of every plan: contacts whose `call_due` day is at most `through` (or
    /// unknown), and those with these identities, read by a cursor, columns by position, the
    /// creation date only when there is no call.
    static func cadences(_ db: Database, dueThrough through: Int, named identities: [Int64]) throws -> [ContactCadence]
    {
        var cadences: [ContactCadence] = []
        let select = """
            SELECT c.id, c.name, c.stay_in_touch_days, c.created_at, cc.restarted_on, d.last_call_at, ci.identity
            FROM call_due d JOIN contacts c ON c.id = d.contact_id LEFT JOIN call_cadence cc ON cc.contact_id = c.id
                LEFT JOIN contact_identities ci ON ci.contact_id = c.id
            """
        // Two selects, so that the first is a range of the day index; ordered here, since an
        // ORDER BY makes SQLite scan every contact in order instead.
        let named =
            identities.isEmpty
            ? "" : " UNION \(select) WHERE ci.identity IN (\(identities.map(String.init).joined(separator: ", ")))"
        let rows = try Row.fetchCursor(
            db, sql: "\(select) WHERE d.due_day IS NULL OR d.due_day <= ?\(named)", arguments: [through])
        while let row = try rows.next() {
            let lastCall = (row[5] as String?).flatMap(Timestamp.parse)
            let createdAt = lastCall == nil ? (row[3] as String?).flatMap(Timestamp.parse) : nil
            guard let identity = row[6] as Int64? else { continue }
            cadences.append(
                ContactCadence(
                    contactID: row[0], identity: identity, name: row[1], everyDays: row[2],
                    createdAt: createdAt ?? lastCall ?? Date(timeIntervalSince1970: 0),
                    lastCall: lastCall, restartedOn: (row[4] as String?).flatMap { CivilDate(iso: $0) }))
        }
        return cadences.sorted { $0.contactID < $1.contactID }
    }

    static func openCallReminders(_ db: Database) throws -> [OneOffCall] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT r.id, r.contact_id, c.name, r.due_at, r.note, ri.identity, ci.identity AS contact_identity,
                    EXISTS (SELECT 1 FROM reminder_deliveries d
                            WHERE d.reminder_key = \(CallReminder.onceKeySQL(contactIdentity: "ci.identity", reminderIdentity: "ri.identity"))
                              AND NOT \(DeliveryRecord.owedSQL("d"))
                    ) AS settled
                FROM call_reminders r JOIN contacts c ON c.id = r.contact_id
                    JOIN call_reminder_identities ri ON ri.reminder_id = r.id JOIN contact_identities ci ON ci.contact_id = c.id
                WHERE r.done_at IS NULL ORDER BY r.due_at, r.id
                """
        ).compactMap { row in
            guard let due = Timestamp.parse(row["due_at"]) else { return nil }
            return OneOffCall(
                id: row["id"], contactID: row["contact_id"], identity: row["identity"],
                contactIdentity: row["contact_identity"],
                name: row["name"], dueAt: due, note: row["note"], settled: row["settled"])
        }
    }

    public func contacts() throws(StoreError) -> [ContactRow] {
        try read { db in
            try Row.fetchAll(db, sql: Self.contactColumns + " ORDER BY c.name COLLATE NOCASE, c.id").map(Self.contact)
        }
    }

    public func openCallReminders() throws(StoreError) -> [OneOffCall] {
        try read(Self.openCallReminders)
    }

    /// Finds a contact by id (`7`, or `id:7` for the id alone), or by a name that matches one
    /// contact (case-insensitive: exactly, else as a part of one name). A number that is one
    /// contact's id and another's name is refused as ambiguous.
    public func resolveContact(_ text: String) throws(StoreError) -> Result<ContactRow, InputError> {
        let all = try contacts()
        if text.lowercased().hasPrefix("id:") {
            guard let id = Int64(text.dropFirst(3)), let match = all.first(where: { $0.id == id }) else {
                return .failure(
                    InputError("no contact has the id '\(text.dropFirst(3))'; 'nudge contacts list' shows them"))
            }
            return .success(match)
        }
        let wanted = text.lowercased()
        let named = all.filter { $0.name.lowercased() == wanted }
        if let id = Int64(text), let match = all.first(where: { $0.id == id }) {
            if let other = named.first(where: { $0.id != id }) {
                return .failure(
                    InputError(
                        "'\(text)' is the id of \(match.name) and the name of contact \(other.id); give id:\(id) for \(match.name), or id:\(other.id) for the contact named '\(other.name)'"
                    ))
            }
            return .success(match)
        }
        let matches = named.isEmpty ? all.filter { $0.name.lowercased().contains(wanted) } : named
        switch matches.count {
        case 1:
            return .success(matches[0])
        case 0:
            return .failure(
                InputError(
                    "no contact matches '\(text)'; 'nudge contacts list' shows them, 'nudge contacts add NAME' adds one"
                ))
        default:
            let listed = matches.prefix(10).map { "\($0.name) (id \($0.id))" }.joined(separator: ", ")
            return .failure(
                InputError(
                    "'\(text)' matches \(matches.count) contacts: \(listed); give the id (id:N) or the full name"))
        }
    }

    /// Adds a contact; refused when another has the same name without regard to case.
    public func addContact(name: String, everyDays: Int?, now: Date) throws(StoreError) -> Result<Int64, InputError> {
        try write { db in
            if let refusal = try Self.nameTaken(db, name, by: nil) { return .failure(refusal) }
            try db.execute(
                sql: "INSERT INTO contacts (name, stay_in_touch_days, created_at) VALUES (?, ?, ?)",
                arguments: [name, everyDays, Timestamp.format(now)])
            return .success(db.lastInsertedRowID)
        }
    }

    /// One name, one person: names are compared as a person reads them, without regard to case.
    private static func nameTaken(_ db: Database, _ name: String, by id: Int64?) throws -> InputError? {
        let wanted = name.lowercased()
        let rows = try Row.fetchCursor(db, sql: "SELECT id, name FROM contacts")
        while let row = try rows.next() {
            guard row[0] as Int64 != id, (row[1] as String).lowercased() == wanted else { continue }
            return InputError(
                "a contact named '\(row[1] as String)' exists (id \(row[0] as Int64)); give another name, or use that one"
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

    /// Adds a call log row as the Monica client does: not synced yet (`server_id` 0, pending).
    @discardableResult
    public func logCall(
        contactID: Int64, at calledAt: Date, durationMinutes: Int, mood: String?, notes: String?, now: Date
    ) throws(StoreError) -> String {
        try write { db in
            try Self.insertCall(
                db, contactID: contactID, at: calledAt, durationMinutes: durationMinutes, mood: mood, notes: notes,
                now: now)
        }
    }

    @discardableResult
    static func insertCall(
        _ db: Database, contactID: Int64, at calledAt: Date, durationMinutes: Int, mood: String?, notes: String?,
        now: Date
    ) throws -> String {
        let id = UUID().uuidString
        try db.execute(
            sql: """
                INSERT INTO call_logs (id, server_id, contact_id, called_at, duration_minutes, emotional_state, notes,
                    sync_status, sync_error, last_sync_attempt, is_marked_deleted, created_at, updated_at)
                VALUES (?, 0, ?, ?, ?, ?, ?, 'pending', NULL, NULL, 0, ?, ?)
                """,
            arguments: [
                id, contactID, Timestamp.format(calledAt), durationMinutes, mood, notes, Timestamp.format(now),
                Timestamp.format(now),
            ])
        return id
    }

    @discardableResult
    public func addCallReminder(contactID: Int64, dueAt: Date, note: String?, now: Date) throws(StoreError) -> Int64 {
        try write { db in
            try db.execute(
                sql: "INSERT INTO call_reminders (contact_id, due_at, note, created_at) VALUES (?, ?, ?, ?)",
                arguments: [contactID, Timestamp.format(dueAt), note, Timestamp.format(now)])
            return db.lastInsertedRowID
        }
    }
}

extension CallReminder: StoredRule {
    /// Settled call rows are left out: a shown cadence restarts (a new key), a one-off's state
    /// comes with its facts. With them, every plan would carry the recent history of a busy log.
    var plansFromSettledDeliveries: Bool { false }

    /// The contacts due within days of `instant` (and of the soonest), or among the soonest
    /// `listing`, and those a queued occurrence names; not the thousands due later.
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts {
        // `call_due` days are off by at most one from local due dates: a contact left out (a day
        // after `through`) is due on `through` or later. Through tomorrow keeps every contact
        // due by now and puts the horizon at tomorrow's midnight; when nothing falls due that
        // soon, two past the soonest keep every contact that can be due first.
        var through = clock.date(of: instant).daysSinceEpoch + 1
        // Two statements: SQLite answers min() and max() from the index only one at a time.
        let soonest = try Int.fetchOne(db, sql: "SELECT min(due_day) FROM call_due")
        let latest = try Int.fetchOne(db, sql: "SELECT max(due_day) FROM call_due")
        if let soonest, soonest > through { through = soonest + 2 }
        if listing > 0,
            let last = try Int.fetchOne(
                db, sql: "SELECT due_day FROM call_due WHERE due_day IS NOT NULL ORDER BY due_day LIMIT 1 OFFSET ?",
                arguments: [listing - 1])
        {
            through = max(through, last + 2)
        }
        let queued = try String.fetchAll(
            db, sql: "SELECT reminder_key FROM reminder_deliveries WHERE kind = ? AND \(DeliveryRecord.owedSQL())",
            arguments: [kind.rawValue]
        )
        .compactMap { Key($0)?.contactIdentity }
        return Facts(
            contacts: try Store.cadences(db, dueThrough: through, named: queued),
            oneOffCalls: try Store.openCallReminders(db),
            // All read: no horizon to wake at.
            completeBefore: latest.map { $0 > through } ?? false ? CivilDate(daysSinceEpoch: through) : nil)
    }
}

extension CallChange: StoredChange {
    func write(_ db: Database) throws -> InputError? {
        switch self {
        case .called(let contactIdentity, let calledAt):
            guard
                let contactID = try Int64.fetchOne(
                    db, sql: "SELECT contact_id FROM contact_identities WHERE identity = ?",
                    arguments: [contactIdentity])
            else { return InputError("the contact of this reminder is gone; nothing recorded") }
            try Store.insertCall(
                db, contactID: contactID, at: calledAt, durationMinutes: 0, mood: nil, notes: nil, now: calledAt)
        case .oneOffClosed(let identity, let at):
            try db.execute(
                sql: """
                    UPDATE call_reminders SET done_at = ?
                    WHERE id = (SELECT reminder_id FROM call_reminder_identities WHERE identity = ?) AND done_at IS NULL
                    """,
                arguments: [Timestamp.format(at), identity])
        case .cadenceRestarted(let contactIdentity, let day):
            try db.execute(
                sql: """
                    INSERT INTO call_cadence (contact_id, restarted_on)
                        SELECT c.id, ? FROM contacts c JOIN contact_identities ci ON ci.contact_id = c.id WHERE ci.identity = ?
                    ON CONFLICT(contact_id) DO UPDATE SET restarted_on = max(restarted_on, excluded.restarted_on)
                    """,
                arguments: [day.description, contactIdentity])
        }
        return nil
    }
}
