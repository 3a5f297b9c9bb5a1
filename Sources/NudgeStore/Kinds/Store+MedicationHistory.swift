import Foundation
import GRDB
import NudgeCore

extension Store {
    /// What `nudge meds history` lists from `since` on: the medications taken by day as they
    /// were (each version with the span it was in effect), every
    /// `medication_events` row (with its dose), and the doses recorded not taken. A row whose
    /// time DoseTap's reader cannot read is left out and named, as DoseTap leaves it out; a
    /// dose that is no whole number, or a negative one, is listed as unreadable, never as none.
    /// `now`: the instant read at, from whose day a row with no time nudge can read is known.
    public func medicationRecords(since: Date, now: Date, clock: WallClock) throws(StoreError)
        -> MedicationReminder.Facts
    {
        try read { db in
            var facts = MedicationReminder.Facts()
            facts.schedules = try Self.medicationsAsTheyWere(db, knownFrom: clock.startOfDay(clock.date(of: now)))
            facts.moved = MovedDose.all(facts.schedules, clock: clock)
            facts.attempts = try Self.medicationAttempts(db, since: since.addingTimeInterval(-86400))
            try Self.noteUnreadableEntryTimes(db)
            // The rowid too: the id is DoseTap's text, and a row is named by its rowid where
            // that text cannot be shown.
            facts.entries = try Row.fetchAll(
                db,
                sql: "SELECT rowid, * FROM medication_events WHERE taken_at_utc >= ? ORDER BY taken_at_utc",
                arguments: [Timestamp.format(since.addingTimeInterval(-86400))]
            ).compactMap { row in
                guard let name: String = row.stored("medication_id"),
                    let taken = row.stored("taken_at_utc", as: String.self).flatMap(DoseTapTime.taken)
                else {
                    UnreadableRows.note("medication_events", row)
                    return nil
                }
                // A negative amount is no dose (hostile round of issue 42: `-5 mg`, taken).
                let dose = row.stored("dose_mg", as: Int.self).flatMap { $0 >= 0 ? $0 : nil }
                var entry = MedicationReminder.Facts.Entry(medicationID: name, takenAt: taken, doseMg: dose)
                entry.doseIsUnreadable = dose == nil && row.stored("dose_mg", as: DatabaseValue.self)?.isNull == false
                entry.offsetMinutes = row.stored("local_offset_minutes")
                return entry
            }
            for row in try Row.fetchAll(
                db, sql: "SELECT * FROM medication_outcomes WHERE dose_date >= ?",
                arguments: [clock.date(of: since).adding(days: -1).description])
            {
                guard let dose = Self.notTakenDose(row),
                    let outcome = row.stored("outcome", as: String.self).flatMap(MedicationOutcome.init(rawValue:))
                else {
                    UnreadableRows.note("medication_outcomes", row)
                    continue
                }
                facts.notTaken[dose] = outcome
            }
            return facts
        }
    }

    /// Notes the entries whose time is no time (`yesterday`, a number): a number sorts before
    /// every time and falls outside the days asked, so without this it would be left out
    /// silently. The pattern keeps this to the index and the few rows not shaped like a time.
    private static func noteUnreadableEntryTimes(_ db: Database) throws {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT rowid, id, taken_at_utc FROM medication_events WHERE typeof(taken_at_utc) != 'text'
                    OR taken_at_utc NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][T ][0-9][0-9]:[0-9][0-9]*'
                """)
        while let row = try rows.next() {
            if row.stored("taken_at_utc", as: String.self).flatMap(DoseTapTime.taken) == nil {
                UnreadableRows.note("medication_events", row)
            }
        }
    }

    static func notTakenDose(_ row: Row) -> ScheduledDose? {
        guard let name: String = row.stored("medication_id"),
            let date = row.stored("dose_date", as: String.self).flatMap({ CivilDate(iso: $0) }),
            let time = row.stored("dose_time", as: String.self).flatMap(LocalTime.init(stored:))
        else { return nil }
        return ScheduledDose(medicationID: name, date: date, time: time)
    }
}
