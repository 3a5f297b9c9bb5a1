import Foundation
import GRDB
import NudgeCore

extension Store {
    /// The medications taken by day, by name. A row another program wrote that nudge cannot read
    /// (times or days that are none, a dose of 0) is left out and named.
    public func medicationSchedules() throws(StoreError) -> [MedicationSchedule] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM medication_schedules ORDER BY medication_id").compactMap(
                Self.medicationSchedule)
        }
    }

    static func medicationSchedule(_ row: Row) -> MedicationSchedule? {
        guard let schedule = readableSchedule(row) else {
            UnreadableRows.note("medication_schedules", row)
            return nil
        }
        return schedule
    }

    /// The schedule a row of `medication_schedules` or `medication_schedule_versions` gives.
    static func readableSchedule(_ row: Row) -> MedicationSchedule? {
        guard let id: Int64 = row.stored("id"), let name: String = row.stored("medication_id"),
            let dose: Int = row.stored("dose_mg"), dose > 0, dose <= MedicationDose.largest,
            let formulation = row.stored("formulation", as: String.self).flatMap({
                try? MedicationSchedule.formulation($0)
            }),
            let times = row.stored("times", as: String.self).flatMap({ try? MedicationTimes.parse($0) }),
            let days = row.stored("days", as: String.self).flatMap(MedicationDays.stored)
        else { return nil }
        return MedicationSchedule(
            id: id, medicationID: name, doseMg: dose, formulation: formulation, times: times, days: days)
    }

    /// Adds a medication taken by day; one of that name already there is refused.
    public func addMedicationSchedule(
        medicationID: String, doseMg: Int, formulation: String, times: MedicationTimes, days: MedicationDays, now: Date
    ) throws(StoreError) -> Result<MedicationSchedule, InputError> {
        try write { db in
            if let unreadable = try Self.unreadableSchedule(db, medicationID) { return .failure(unreadable) }
            if try Self.medicationScheduleExists(db, medicationID) {
                return .failure(
                    InputError(
                        "\(medicationID) is already taken by day; change it with: nudge meds edit \(ShellWord.quoted(medicationID))"
                    ))
            }
            let stamp = Timestamp.format(now)
            try db.execute(
                sql: """
                    INSERT INTO medication_schedules (medication_id, dose_mg, formulation, times, days, created_at,
                        updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [medicationID, doseMg, formulation, times.description, days.description, stamp, stamp])
            let schedule = MedicationSchedule(
                id: db.lastInsertedRowID, medicationID: medicationID, doseMg: doseMg, formulation: formulation,
                times: times, days: days)
            try Self.recordScheduleVersion(db, schedule, at: now)
            return .success(schedule)
        }
    }

    /// Changes what is given of a medication taken by day, and says whether anything changed:
    /// an edit to what it already is writes nothing, no version (hostile round of issue 42).
    public func editMedicationSchedule(
        medicationID: String, doseMg: Int?, formulation: String?, times: MedicationTimes?, days: MedicationDays?,
        now: Date
    ) throws(StoreError) -> Result<(schedule: MedicationSchedule, changed: Bool), InputError> {
        try write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM medication_schedules WHERE medication_id = ? COLLATE NOCASE",
                    arguments: [medicationID])
            else { return .failure(Self.noSchedule(medicationID)) }
            guard var schedule = Self.medicationSchedule(row) else { return .failure(Self.unreadable(medicationID)) }
            let before = schedule
            schedule.doseMg = doseMg ?? schedule.doseMg
            schedule.formulation = formulation ?? schedule.formulation
            schedule.times = times ?? schedule.times
            schedule.days = days ?? schedule.days
            guard schedule != before else { return .success((schedule, false)) }
            try db.execute(
                sql: """
                    UPDATE medication_schedules SET dose_mg = ?, formulation = ?, times = ?, days = ?, updated_at = ?
                    WHERE id = ?
                    """,
                arguments: [
                    schedule.doseMg, schedule.formulation, schedule.times.description, schedule.days.description,
                    Timestamp.format(now), schedule.id,
                ])
            try Self.recordScheduleVersion(db, schedule, at: now)
            return .success((schedule, true))
        }
    }

    /// Removes a medication taken by day; what DoseTap recorded of it stays. A dose being
    /// reminded (shown, unanswered) is recorded missed at `now`, as an edit moving it records
    /// it, never dropped unrecorded. Returns the name it was stored under (`Melatonin` for
    /// `melatonin`) and those doses, or why none was removed.
    public func removeMedicationSchedule(medicationID: String, now: Date, clock: WallClock) throws(StoreError)
        -> Result<(stored: String, ended: [ScheduledDose]), InputError>
    {
        try write { db in
            guard
                let stored = try StoredColumn.value(
                    db, String.self,
                    sql: "SELECT medication_id FROM medication_schedules WHERE medication_id = ? COLLATE NOCASE",
                    arguments: [medicationID])
            else { return .failure(Self.noSchedule(medicationID)) }
            let facts = try MedicationReminder().facts(db, at: now, clock: clock, listing: 0)
            let ended = facts.beingReminded(stored, clock: clock)
            for dose in ended { _ = try MedicationChange.notTaken(dose, outcome: .missed, at: now).write(db) }
            try db.execute(
                sql: "DELETE FROM medication_schedules WHERE medication_id = ? COLLATE NOCASE",
                arguments: [medicationID])
            try Self.recordScheduleRemoved(db, stored, at: now)
            return .success((stored, ended))
        }
    }

    /// Why the medication taken by day of this name cannot be used: its row is there and
    /// another program left it unreadable (times or days that are none); nil when there is none
    /// or it reads. `meds add`, `edit` and `taken` say the same.
    public func unreadableMedicationSchedule(named medicationID: String) throws(StoreError) -> InputError? {
        try read { db in try Self.unreadableSchedule(db, medicationID) }
    }

    private static func unreadableSchedule(_ db: Database, _ medicationID: String) throws -> InputError? {
        try scheduleRow(db, medicationID).flatMap { medicationSchedule($0) == nil ? unreadable(medicationID) : nil }
    }

    /// The row of the medication `medicationID` names as a person's name matches
    /// (`MedicationName.same`): DoseTap's `Sleep  aid` is a second `Sleep aid` to no one.
    private static func scheduleRow(_ db: Database, _ medicationID: String) throws -> Row? {
        try Row.fetchAll(db, sql: "SELECT * FROM medication_schedules").first { row in
            row.stored("medication_id", as: String.self).map { MedicationName.same($0, medicationID) } ?? false
        }
    }

    /// A medication's name is no private text: said, quoted for the shell.
    private static func unreadable(_ medicationID: String) -> InputError {
        let name = ShellWord.quoted(medicationID)
        return InputError(
            "the row of \(TextInput.oneLine(medicationID)) in the medications taken by day cannot be read (another program changed it); remove it with nudge meds remove \(name), then add it again with nudge meds add"
        )
    }

    private static func medicationScheduleExists(_ db: Database, _ medicationID: String) throws -> Bool {
        try scheduleRow(db, medicationID) != nil
    }

    private static func noSchedule(_ medicationID: String) -> InputError {
        InputError("no medication taken by day is named \(medicationID); nudge meds list shows them")
    }
}
