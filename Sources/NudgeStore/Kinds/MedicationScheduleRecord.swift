import GRDB
import NudgeCore

/// The rule a `medication_schedules` row is read by (`Store.medicationSchedule`): one another
/// program wrote with a dose, times or days nudge cannot read is left out of `meds list` and of
/// the reminders, and doctor counts it (`RecordRule`), so the dose is never dropped unsaid.
enum MedicationScheduleRecord {
    static let table = "medication_schedules"
    /// The columns the rule reads.
    static let columns = ["id", "medication_id", "dose_mg", "formulation", "times", "days"]

    /// The columns of `row` nudge cannot read, in the order of `columns`; empty for a readable row.
    static func unreadableColumns(_ row: Row) -> [String] {
        var broken: [String] = []
        if row.stored("id", as: Int64.self) == nil { broken.append("id") }
        if row.stored("medication_id", as: String.self) == nil { broken.append("medication_id") }
        if !(row.stored("dose_mg", as: Int.self).map { $0 > 0 && $0 <= MedicationDose.largest } ?? false) {
            broken.append("dose_mg")
        }
        if row.stored("formulation", as: String.self).flatMap({ try? MedicationSchedule.formulation($0) }) == nil {
            broken.append("formulation")
        }
        if row.stored("times", as: String.self).flatMap({ try? MedicationTimes.parse($0) }) == nil {
            broken.append("times")
        }
        if row.stored("days", as: String.self).flatMap(MedicationDays.stored) == nil {
            broken.append("days")
        }
        return broken
    }
}
