import Foundation
import GRDB
import NudgeCore

/// The medication reminders read the medications taken by day, their own delivery rows of the
/// last days (which dose was shown, repeated, answered), the `medication_events` DoseTap's
/// reader sees, the doses recorded not taken, and the doses their edits moved.
extension MedicationReminder: StoredRule {
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts {
        let since = instant.addingTimeInterval(-Facts.reach)
        let knownFrom = clock.startOfDay(clock.date(of: instant))
        let schedules = try Store.scheduledMedications(db, knownFrom: knownFrom)
        guard !schedules.isEmpty else { return try Self.noneTakenByDay(db, since: since, knownFrom: knownFrom) }
        let attempts = try Store.medicationAttempts(db, since: since)
        let names = schedules.map(\.schedule.medicationID)
        let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
        // A day's slack on the text comparison: other writers' offsets sort apart from `Z`.
        let entries = try Row.fetchAll(
            db,
            sql:
                "SELECT medication_id, taken_at_utc FROM medication_events WHERE medication_id IN (\(marks)) AND taken_at_utc >= ?",
            arguments: StatementArguments(names + [Timestamp.format(since.addingTimeInterval(-86400))])
        ).compactMap { row -> Facts.Entry? in
            guard let name: String = row.stored("medication_id"),
                let taken = row.stored("taken_at_utc", as: String.self).flatMap(DoseTapTime.taken)
            else { return nil }
            return Facts.Entry(medicationID: name, takenAt: taken)
        }
        var notTaken: [ScheduledDose: MedicationOutcome] = [:]
        for row in try Row.fetchAll(
            db,
            sql: "SELECT medication_id, dose_date, dose_time, outcome FROM medication_outcomes WHERE dose_date >= ?",
            arguments: [clock.date(of: since).adding(days: -1).description])
        {
            guard let dose = Store.notTakenDose(row),
                let outcome = row.stored("outcome", as: String.self).flatMap(MedicationOutcome.init(rawValue:))
            else { continue }
            notTaken[dose] = outcome
        }
        var facts = Facts(schedules: schedules, attempts: attempts, entries: entries, notTaken: notTaken)
        facts.remindedFor = Self.remindedFor(repeatMinutes: try Store.settings(db).int(.medsRepeatMinutes))
        facts.versions = try Store.medicationsAsTheyWere(db, knownFrom: knownFrom)
        facts.moved = MovedDose.all(facts.versions, clock: clock).filter { $0.edit >= since }
        return facts
    }
}

extension MedicationReminder {
    /// With no medication taken by day, the versions still name a removed one's amount, and its
    /// reminders when a *Taken* was given, for the line a refused answer to its reminder gives
    /// (``MedicationReminder/removed``).
    fileprivate static func noneTakenByDay(_ db: Database, since: Date, knownFrom: Date) throws -> Facts {
        var facts = Facts()
        facts.attempts = try Store.medicationAttempts(db, since: since)
        facts.versions = try Store.medicationsAsTheyWere(db, knownFrom: knownFrom)
        return facts
    }
}

extension Store {
    /// The reminders of doses due from `since` on, as their delivery rows say.
    static func medicationAttempts(_ db: Database, since: Date) throws -> [MedicationReminder.Facts.Attempt] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT reminder_key, shown_at, action, acknowledged_at,
                    shown_at IS NULL AND action IS NULL AND cancelled_at IS NULL AND missed_at IS NULL AS pending
                FROM reminder_deliveries WHERE kind = ? AND due_at >= ?
                """,
            arguments: [ReminderKind.medication.rawValue, Timestamp.format(since)]
        ).compactMap { row -> MedicationReminder.Facts.Attempt? in
            guard let key: String = row.stored("reminder_key") else { return nil }
            return MedicationReminder.Facts.Attempt(
                key: key, shownAt: row.stored("shown_at").flatMap(Timestamp.parse), action: row.stored("action"),
                isPending: row.stored("pending") ?? false,
                answeredAt: row.stored("acknowledged_at").flatMap(Timestamp.parse))
        }
    }

    /// The medications taken by day, each reminded from its last change (`add`, `edit`). A row
    /// another program wrote with no time nudge can read (``UndatedMedicationSchedule``) is
    /// reminded from `knownFrom`, the start of the day it is read: its days before are not
    /// known, and none of their doses is asked or claimed missed (issue 42: read as 1970, it was
    /// listed missed for the 7 days `meds history` shows).
    static func scheduledMedications(_ db: Database, knownFrom: Date) throws -> [ScheduledMedication] {
        try Row.fetchAll(db, sql: "SELECT * FROM medication_schedules ORDER BY medication_id").compactMap { row in
            guard let schedule = medicationSchedule(row) else { return nil }
            return ScheduledMedication(schedule: schedule, since: scheduleChanged(row) ?? knownFrom)
        }
    }

    /// When a `medication_schedules` row last changed: `updated_at`, else `created_at`.
    static func scheduleChanged(_ row: Row) -> Date? {
        row.stored("updated_at").flatMap(Timestamp.parse) ?? row.stored("created_at").flatMap(Timestamp.parse)
    }
}

extension MedicationChange: StoredChange {
    func write(_ db: Database) throws -> InputError? {
        switch self {
        case .taken(let event):
            // The rule found no entry within DoseTap's guard in this same transaction; one
            // found here all the same is left standing, and nothing is written twice.
            _ = try Store.insertMedicationEvent(db, event)
        case .notTaken(let dose, let outcome, let at):
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO medication_outcomes (medication_id, dose_date, dose_time, outcome, recorded_at)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [
                    dose.medicationID, dose.date.description, dose.time.description, outcome.rawValue,
                    Timestamp.format(at),
                ])
        }
        return nil
    }
}
