import Foundation
import GRDB
import NudgeCore

/// Each medication's schedule as it was (`medication_schedule_versions`, v22), written in the
/// transaction of the `meds add`, `edit` or `remove` that made it, and read by `meds history`.
extension Store {
    static let scheduleVersionsTable = "medication_schedule_versions"

    static func recordScheduleVersion(_ db: Database, _ schedule: MedicationSchedule, at now: Date) throws {
        try db.execute(
            sql: """
                INSERT INTO medication_schedule_versions (medication_id, dose_mg, formulation, times, days, from_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                schedule.medicationID, schedule.doseMg, schedule.formulation, schedule.times.description,
                schedule.days.description, Timestamp.format(now),
            ])
    }

    static func recordScheduleRemoved(_ db: Database, _ medicationID: String, at now: Date) throws {
        try db.execute(
            sql: "INSERT INTO medication_schedule_versions (medication_id, from_at, removed) VALUES (?, ?, 1)",
            arguments: [medicationID, Timestamp.format(now)])
    }

    /// Each medication's schedules, each in effect from its version until the next; `knownFrom`
    /// as ``scheduledMedications(_:knownFrom:)`` takes it.
    static func medicationsAsTheyWere(_ db: Database, knownFrom: Date) throws -> [ScheduledMedication] {
        MedicationScheduleVersion.spans(
            try scheduleVersions(db), current: try scheduledMedications(db, knownFrom: knownFrom))
    }

    /// Every version, each medication's oldest first. A row with no name or time is left out and
    /// named; one whose schedule cannot be read ends the version before it and lists no dose.
    static func scheduleVersions(_ db: Database) throws -> [MedicationScheduleVersion] {
        let versions = try Row.fetchAll(db, sql: "SELECT * FROM medication_schedule_versions ORDER BY id").compactMap {
            row -> MedicationScheduleVersion? in
            guard let name: String = row.stored("medication_id"),
                let from = row.stored("from_at", as: String.self).flatMap(Timestamp.parse)
            else {
                UnreadableRows.note(scheduleVersionsTable, row)
                return nil
            }
            guard row.stored("removed", as: Int.self) != 1 else {
                return MedicationScheduleVersion(medicationID: name, from: from, schedule: nil)
            }
            let schedule = readableSchedule(row)
            if schedule == nil { UnreadableRows.note(scheduleVersionsTable, row) }
            return MedicationScheduleVersion(medicationID: name, from: from, schedule: schedule)
        }
        // By name, then time; rows of one instant in the order written.
        return versions.enumerated().sorted {
            ($0.element.medicationID, $0.element.from, $0.offset) < (
                $1.element.medicationID, $1.element.from, $1.offset
            )
        }.map(\.element)
    }
}
