import Foundation
import GRDB
import NudgeCore

extension Store {
    /// Each medication's schedules as they were, each with its span: `nudge history` reads in
    /// them which closed reminder's dose an edit took away (``MedicationScheduleVersion``).
    public func medicationVersions(knownFrom: Date) throws(StoreError) -> [ScheduledMedication] {
        try read { db in try Store.medicationsAsTheyWere(db, knownFrom: knownFrom) }
    }
}
