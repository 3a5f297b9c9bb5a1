import GRDB
import NudgeCore

/// A `medication_schedules` row another program wrote with no time nudge can read in
/// `updated_at` or `created_at`: when it began is not known, so its doses are reminded and
/// listed from the day it is read (``Store/scheduledMedications(_:knownFrom:)``), and `meds list`
/// and `meds history` name it.
public struct UndatedMedicationSchedule: Sendable, Equatable {
    public var id: Int64
    public var medicationID: String
}

extension Store {
    public func undatedMedicationSchedules() throws(StoreError) -> [UndatedMedicationSchedule] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM medication_schedules ORDER BY medication_id").compactMap { row in
                guard Self.scheduleChanged(row) == nil, let schedule = Self.readableSchedule(row) else { return nil }
                return UndatedMedicationSchedule(id: schedule.id, medicationID: schedule.medicationID)
            }
        }
    }
}
