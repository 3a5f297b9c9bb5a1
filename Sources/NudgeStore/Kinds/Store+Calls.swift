import Foundation
import GRDB
import NudgeCore

extension Store {
    static let contactColumns = """
        SELECT c.id, c.name, c.stay_in_touch_days, c.created_at, cc.restarted_on,
            \(CallDue.latestReadableCall(of: "c.id")) AS last_call,
            ci.identity
        FROM contacts c LEFT JOIN call_cadence cc ON cc.contact_id = c.id LEFT JOIN contact_identities ci ON ci.contact_id = c.id
        """

    /// Nil for a row `ContactRecord` cannot read (no name to show). A cadence nudge would not accept
    /// (`CallInput.cadenceRange`) reads as none, and unless it is none to the daemon too (NULL,
    /// 0 or less: `call_due` leaves it out) as unreadable: its due dates would overflow.
    static func contact(_ row: Row) -> ContactRow? {
        guard ContactRecord.unreadableColumns(row).isEmpty, let id: Int64 = row.stored("id"),
            let name: String = row.stored("name")
        else {
            UnreadableRows.note("contacts", row)
            return nil
        }
        let storedDays = row.hasColumn("stay_in_touch_days") ? row["stay_in_touch_days"] as DatabaseValue : .null
        let days = Int.fromDatabaseValue(storedDays)
        var contact = ContactRow(
            id: id, name: name, everyDays: days.flatMap(Self.cadence),
            createdAt: row.stored("created_at").flatMap(Timestamp.parse) ?? Date(timeIntervalSince1970: 0),
            lastCall: row.stored("last_call").flatMap(Timestamp.parse),
            restartedOn: row.stored("restarted_on", as: String.self).flatMap { CivilDate(iso: $0) },
            identity: row.stored("identity"))
        contact.hasUnreadableCadence = !storedDays.isNull && contact.everyDays == nil && days.map { $0 > 0 } ?? true
        return contact
    }

    static func cadence(_ days: Int) -> Int? { CallInput.cadenceRange.contains(days) ? days : nil }

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
            let lastCall = row.stored(at: 5).flatMap(Timestamp.parse)
            let createdAt = lastCall == nil ? row.stored(at: 3).flatMap(Timestamp.parse) : nil
            guard let identity: Int64 = row.stored(at: 6), let contactID: Int64 = row.stored(at: 0),
                ContactRecord.isName(row[1]), let name: String = row.stored(at: 1),
                let everyDays = row.stored(at: 2, as: Int.self).flatMap(cadence)
            else {
                UnreadableRows.note("contacts", row)
                continue
            }
            cadences.append(
                ContactCadence(
                    contactID: contactID, identity: identity, name: name, everyDays: everyDays,
                    createdAt: createdAt ?? lastCall ?? Date(timeIntervalSince1970: 0),
                    lastCall: lastCall, restartedOn: row.stored(at: 4, as: String.self).flatMap { CivilDate(iso: $0) }))
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
                    ) AS settled,
                    (SELECT min(coalesce(d.reshow_at, d.due_at)) FROM reminder_deliveries d
                     WHERE d.reminder_key LIKE \(CallReminder.onceKeySQL(contactIdentity: "ci.identity", reminderIdentity: "ri.identity")) || ':tomorrow:%'
                       AND \(DeliveryRecord.owedSQL("d"))
                    ) AS moved_to,
                    \(CallDue.latestReadableCall(of: "r.contact_id")) AS last_call_at
                FROM call_reminders r JOIN contacts c ON c.id = r.contact_id
                    JOIN call_reminder_identities ri ON ri.reminder_id = r.id JOIN contact_identities ci ON ci.contact_id = c.id
                WHERE r.done_at IS NULL ORDER BY r.due_at, r.id
                """
        ).compactMap { row in
            guard let due = row.stored("due_at").flatMap(Timestamp.parse), let id: Int64 = row.stored("id"),
                let contactID: Int64 = row.stored("contact_id"), let identity: Int64 = row.stored("identity"),
                let contactIdentity: Int64 = row.stored("contact_identity"), let name: String = row.stored("name")
            else {
                UnreadableRows.note("call_reminders", row)
                return nil
            }
            return OneOffCall(
                id: id, contactID: contactID, identity: identity, contactIdentity: contactIdentity,
                name: name, dueAt: due, note: CallInput.note(row.stored("note")),
                settled: row.stored("settled") ?? false,
                movedTo: row.stored("moved_to").flatMap(Timestamp.parse),
                lastCall: row.stored("last_call_at").flatMap(Timestamp.parse))
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
        try settleCallReminders(db, contactID: contactID, calledAt: calledAt, now: now)
        return id
    }

    /// A call is the one each open one-off reminder of the contact due by then asked for: it
    /// is done, in the same write, so `call reminders` no longer lists it. One due after the
    /// call asks for another call and stays open.
    private static func settleCallReminders(_ db: Database, contactID: Int64, calledAt: Date, now: Date) throws {
        let settled = try openCallReminders(db).filter { $0.contactID == contactID && $0.dueAt <= calledAt }
        for reminder in settled {
            try db.execute(
                sql: "UPDATE call_reminders SET done_at = ? WHERE id = ?",
                arguments: [Timestamp.format(now), reminder.id])
        }
    }

    public enum CallReminderAdding: Equatable, Sendable {
        case added(id: Int64)
        /// Nothing written: this open reminder calls the same contact in the same minute.
        case exists(OneOffCall)

        /// The reminder that is there now.
        public var id: Int64 {
            switch self {
            case .added(let id): id
            case .exists(let open): open.id
            }
        }
    }

    /// Adds a one-off reminder, unless one calling the contact in the same minute is open:
    /// a command typed twice would show two notifications at once.
    @discardableResult
    public func addCallReminder(contactID: Int64, dueAt: Date, note: String?, now: Date) throws(StoreError)
        -> CallReminderAdding
    {
        try write { db in
            if let open = try Self.openCallReminder(db, calling: contactID, inTheMinuteOf: dueAt) {
                return .exists(open)
            }
            try db.execute(
                sql: "INSERT INTO call_reminders (contact_id, due_at, note, created_at) VALUES (?, ?, ?, ?)",
                arguments: [contactID, Timestamp.format(dueAt), CallInput.note(note), Timestamp.format(now)])
            return .added(id: db.lastInsertedRowID)
        }
    }

    /// The open reminder (other than `except`) to call `contactID` in the minute of `dueAt`.
    static func openCallReminder(
        _ db: Database, calling contactID: Int64, inTheMinuteOf dueAt: Date, except: Int64? = nil
    )
        throws -> OneOffCall?
    {
        let minute = { (instant: Date) in (instant.timeIntervalSince1970 / 60).rounded(.down) }
        return try openCallReminders(db).first {
            $0.contactID == contactID && $0.id != except && minute($0.dueAt) == minute(dueAt)
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
        // A day another program wrote past any calendar is not a day: it would overflow.
        let days = -CallDue.farthestDay...CallDue.farthestDay
        let day = { (sql: String, arguments: StatementArguments) in
            try StoredColumn.value(db, Int.self, sql: sql, arguments: arguments).flatMap {
                days.contains($0) ? $0 : nil
            }
        }
        let soonest = try day("SELECT min(due_day) FROM call_due", [])
        let latest = try day("SELECT max(due_day) FROM call_due", [])
        if let soonest, soonest > through { through = soonest + 2 }
        // A listing of `listing` reads that many contacts' due days; a longer one reads them all.
        if listing > 0,
            let last = try day(
                "SELECT due_day FROM call_due WHERE due_day IS NOT NULL ORDER BY due_day LIMIT 1 OFFSET ?",
                [listing - 1]) ?? latest
        {
            through = max(through, last + 2)
        }
        // And those of a call on screen, unanswered, of the last day: a call logged since
        // settles it, and its contact's last call says so.
        let queued = try StoredColumn.values(
            db, String.self,
            sql: """
                SELECT reminder_key FROM reminder_deliveries WHERE kind = ? AND \(DeliveryRecord.owedSQL())
                UNION SELECT reminder_key FROM reminder_deliveries
                WHERE kind = ? AND shown_at >= ? AND action IS NULL AND closed_at IS NULL
                """,
            arguments: [kind.rawValue, kind.rawValue, Timestamp.format(instant.addingTimeInterval(-86_400))]
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
                let contactID = try StoredColumn.value(
                    db, Int64.self, sql: "SELECT contact_id FROM contact_identities WHERE identity = ?",
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
