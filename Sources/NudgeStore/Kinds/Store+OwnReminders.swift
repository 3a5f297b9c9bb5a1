import Foundation
import GRDB
import NudgeCore

/// The person's own reminders read their table, and the days of the last ones answered Done or
/// Skip; their delivery rows say the rest.
extension OwnReminder: StoredRule {
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts {
        let reminders = try Store.ownReminders(db)
        guard !reminders.isEmpty else { return Facts() }
        let days = try Store.recentOwnReminderDays(db, at: instant)
        return Facts(reminders: reminders, answeredDays: days.answered, untimedDays: days.untimed)
    }
}

extension OwnReminderChange: StoredChange {
    func write(_ db: Database) throws -> InputError? {
        switch self {
        case .countedFrom(let id, let day):
            try db.execute(
                sql: "UPDATE own_reminders SET counted_from = ? WHERE id = ? AND repeat_kind = 'every'",
                arguments: [day.description, id])
            return db.changesCount == 0 ? InputError("reminder \(id) was deleted") : nil
        }
    }
}

extension Store {
    /// The person's own reminders, by id. A row another program wrote that nudge cannot read
    /// (a repeat or time that is none) is left out and named.
    public func ownReminders() throws(StoreError) -> [OwnReminderSchedule] {
        try read { db in try Self.ownReminders(db) }
    }

    /// The days of the last reminders answered Done or Skip (``OwnReminder/Facts/answeredDays``).
    public func answeredOwnReminderDays(at instant: Date) throws(StoreError) -> Set<String> {
        try read { db in try Self.recentOwnReminderDays(db, at: instant).answered }
    }

    /// The snoozes of your own reminders still to be shown, each with its key and when it is due.
    public func pendingOwnReminderSnoozes(at instant: Date) throws(StoreError) -> [(key: String, dueAt: Date)] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT reminder_key, due_at FROM reminder_deliveries WHERE kind = ? AND due_at >= ?
                        AND reminder_key LIKE '%:snooze:%' AND shown_at IS NULL AND action IS NULL
                        AND cancelled_at IS NULL AND missed_at IS NULL
                    """,
                arguments: [
                    ReminderKind.ownReminder.rawValue,
                    Timestamp.format(instant.addingTimeInterval(-OwnReminder.Facts.reach)),
                ]
            ).compactMap { row in
                guard let key: String = row.stored("reminder_key"),
                    let due = row.stored("due_at", as: String.self).flatMap(Timestamp.parse)
                else { return nil }
                return (key, due)
            }
        }
    }

    /// The days of the last reminders answered Done or Skip, and of those keyed without their
    /// time (``OwnReminder/Facts``), as ``OwnReminderSchedule/dayKey(id:day:)``.
    static func recentOwnReminderDays(_ db: Database, at instant: Date) throws -> (
        answered: Set<String>, untimed: Set<String>
    ) {
        let rows = try Row.fetchAll(
            db, sql: "SELECT reminder_key, action FROM reminder_deliveries WHERE kind = ? AND due_at >= ?",
            arguments: [
                ReminderKind.ownReminder.rawValue,
                Timestamp.format(instant.addingTimeInterval(-OwnReminder.Facts.reach)),
            ])
        var days: (answered: Set<String>, untimed: Set<String>) = ([], [])
        for row in rows {
            guard let key: String = row.stored("reminder_key"), let parsed = OwnReminderSchedule.parse(key) else {
                continue
            }
            let day = OwnReminderSchedule.dayKey(id: parsed.id, day: parsed.day)
            if parsed.time == nil { days.untimed.insert(day) }
            if let action: String = row.stored("action"),
                [OwnReminder.doneAction, OwnReminder.skipAction].contains(action)
            {
                days.answered.insert(day)
            }
        }
        return days
    }

    static func ownReminders(_ db: Database) throws -> [OwnReminderSchedule] {
        try Row.fetchAll(db, sql: "SELECT * FROM own_reminders ORDER BY id").compactMap(ownReminder)
    }

    static func ownReminder(_ row: Row) -> OwnReminderSchedule? {
        let ends = row.stored("ends_on", as: String.self)
        let named = !(row.stored("utc_offset_minutes", as: DatabaseValue.self)?.isNull ?? true)
        let offset = row.stored("utc_offset_minutes", as: Int.self)
        guard let id: Int64 = row.stored("id"), let text: String = row.stored("text"),
            !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
            let time = row.stored("at_time", as: String.self).flatMap(LocalTime.init(parsing:)),
            let kind: String = row.stored("repeat_kind"), let value: String = row.stored("repeat_value"),
            let repeats = storedRepeat(kind, value, countedFrom: row.stored("counted_from")),
            let since = row.stored("updated_at", as: String.self).flatMap(Timestamp.parse),
            // No end (NULL), or a day: text that is no day is no end nudge can keep.
            ends.map({ CivilDate(iso: $0) != nil }) ?? true,
            // No reading named (NULL), or an offset from UTC a clock has.
            !named || offset.map({ (-1080...1080).contains($0) }) ?? false
        else {
            UnreadableRows.note("own_reminders", row)
            return nil
        }
        return OwnReminderSchedule(
            id: id, text: text, repeats: repeats, time: time, since: since, endsOn: ends.flatMap { CivilDate(iso: $0) },
            utcOffsetMinutes: offset)
    }

    private static func storedRepeat(_ kind: String, _ value: String, countedFrom: String?) -> OwnReminderRepeat? {
        switch kind {
        case "every":
            guard let days = Int(value), days > 0, let from = countedFrom.flatMap(CivilDate.init(iso:)) else {
                return nil
            }
            return .every(days: days, from: from)
        case "on": return CivilDate(iso: value).map(OwnReminderRepeat.on)
        case "weekly": return MedicationDays.stored(value).map(OwnReminderRepeat.weekly)
        case "monthly": return Int(value).flatMap { (1...31).contains($0) ? .monthly(day: $0) : nil }
        default: return nil
        }
    }

    /// The stored form of a repeat: its kind, its value and the day an every-N count is from.
    static func storedColumns(_ repeats: OwnReminderRepeat) -> (kind: String, value: String, from: String?) {
        switch repeats {
        case .every(let days, let from): return ("every", String(days), from.description)
        case .on(let day): return ("on", day.description, nil)
        case .weekly(let weekdays): return ("weekly", weekdays.description, nil)
        case .monthly(let day): return ("monthly", String(day), nil)
        }
    }

    /// Adds one of the person's own reminders, reminded from `now`.
    public func addOwnReminder(
        text: String, repeats: OwnReminderRepeat, time: LocalTime, endsOn: CivilDate? = nil, now: Date
    ) throws(StoreError) -> OwnReminderSchedule {
        try write { db in
            try Self.insertOwnReminder(
                db, CalendarImport.Reminder(text: text, repeats: repeats, time: time, endsOn: endsOn), now: now)
        }
    }

    /// Adds a reminder unless one with its text, repeat and time is there already (typed twice,
    /// it would be shown twice), in one transaction; returns that one, and whether it is new.
    public func addOwnReminderUnlessThere(_ wanted: CalendarImport.Reminder, now: Date)
        throws(StoreError) -> (reminder: OwnReminderSchedule, isNew: Bool)
    {
        try write { db in
            if let there = try Self.ownReminders(db).first(where: { CalendarImport.Reminder($0).isSame(as: wanted) }) {
                return (there, false)
            }
            return (try Self.insertOwnReminder(db, wanted, now: now), true)
        }
    }

    private static func insertOwnReminder(_ db: Database, _ reminder: CalendarImport.Reminder, now: Date) throws
        -> OwnReminderSchedule
    {
        let stored = storedColumns(reminder.repeats)
        try db.execute(
            sql: """
                INSERT INTO own_reminders (id, text, repeat_kind, repeat_value, counted_from, at_time, ends_on,
                    utc_offset_minutes, created_at, updated_at)
                VALUES (\(IssuedNumbers.ownReminders.nextSQL), ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                reminder.text, stored.kind, stored.value, stored.from, reminder.time.description,
                reminder.endsOn?.description, reminder.utcOffsetMinutes, Timestamp.format(now), Timestamp.format(now),
            ])
        let id = db.lastInsertedRowID
        try IssuedNumbers.ownReminders.recordIssued(through: id, db)
        return OwnReminderSchedule(
            id: id, text: reminder.text, repeats: reminder.repeats, time: reminder.time, since: now,
            endsOn: reminder.endsOn, utcOffsetMinutes: reminder.utcOffsetMinutes)
    }

    /// Replaces a reminder's text, repeat and time, reminded again from `now`; false when it
    /// is gone.
    public func replaceOwnReminder(_ reminder: OwnReminderSchedule, now: Date) throws(StoreError) -> Bool {
        try write { db in
            let stored = Self.storedColumns(reminder.repeats)
            try db.execute(
                sql: """
                    UPDATE own_reminders SET text = ?, repeat_kind = ?, repeat_value = ?, counted_from = ?,
                        at_time = ?, ends_on = ?, utc_offset_minutes = ?, updated_at = ? WHERE id = ?
                    """,
                arguments: [
                    reminder.text, stored.kind, stored.value, stored.from, reminder.time.description,
                    reminder.endsOn?.description, reminder.utcOffsetMinutes, Timestamp.format(now), reminder.id,
                ])
            return db.changesCount > 0
        }
    }

    /// Whether a row of that id is there, readable or not.
    public func ownReminderRowExists(id: Int64) throws(StoreError) -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM own_reminders WHERE id = ?)", arguments: [id])
                ?? false
        }
    }

    /// Deletes a reminder and cancels its reminders not yet shown; false when it is gone.
    public func deleteOwnReminder(id: Int64, now: Date) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM own_reminders WHERE id = ?", arguments: [id])
            guard db.changesCount > 0 else { return false }
            try db.execute(
                sql:
                    "UPDATE reminder_deliveries SET cancelled_at = ? WHERE kind = ? AND reminder_key LIKE ? AND \(DeliveryRecord.owedSQL())",
                arguments: [
                    Timestamp.format(now), ReminderKind.ownReminder.rawValue, "\(OwnReminder.keyPrefix)\(id):%",
                ])
            return true
        }
    }
}

extension Store {
    /// Adds reminders read from a calendar in one transaction, each unless one with its text,
    /// repeat and time is there already (an every-N-days one by its N): importing a file twice
    /// adds nothing the second time. Returns those added and how many were there.
    public func importOwnReminders(_ reminders: [CalendarImport.Reminder], now: Date) throws(StoreError) -> (
        added: [OwnReminderSchedule], alreadyThere: Int
    ) {
        try write { db in
            var known = try Self.ownReminders(db).map(CalendarImport.Reminder.init)
            var added: [OwnReminderSchedule] = []
            for reminder in reminders {
                guard !known.contains(where: { $0.isSame(as: reminder) }) else { continue }
                added.append(try Self.insertOwnReminder(db, reminder, now: now))
                known.append(reminder)
            }
            return (added, reminders.count - added.count)
        }
    }
}
