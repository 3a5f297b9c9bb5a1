import Foundation
import GRDB
import NudgeCore

extension Store {
    /// The doses due from `since`'s day on that nudge recorded missed, each with whether `meds
    /// remove` recorded it (the removal's version is written at the same instant): why nudge
    /// closed a reminder of one that nobody answered, which `nudge history` says.
    public func missedDoses(since: Date, clock: WallClock) throws(StoreError) -> [ScheduledDose: Bool] {
        try read { db in
            var missed: [ScheduledDose: Bool] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT o.medication_id, o.dose_date, o.dose_time, EXISTS (
                        SELECT 1 FROM medication_schedule_versions v
                        WHERE v.removed = 1 AND v.medication_id = o.medication_id AND v.from_at = o.recorded_at
                    ) AS removed
                    FROM medication_outcomes o WHERE o.outcome = 'missed' AND o.dose_date >= ?
                    """,
                arguments: [clock.date(of: since).adding(days: -1).description])
            {
                guard let dose = Self.notTakenDose(row) else { continue }
                missed[dose] = row.stored("removed", as: Bool.self) ?? false
            }
            return missed
        }
    }
}
