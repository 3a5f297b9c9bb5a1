import Foundation

/// One row of a medication's schedule as it was (`medication_schedule_versions`): from `from`
/// on, the medication is taken by `schedule`, or by none (removed, or a row another program
/// left unreadable), until its next version.
public struct MedicationScheduleVersion: Sendable, Equatable {
    public var medicationID: String
    public var from: Date
    public var schedule: MedicationSchedule?

    public init(medicationID: String, from: Date, schedule: MedicationSchedule?) {
        self.medicationID = medicationID
        self.from = from
        self.schedule = schedule
    }

    /// The schedules in effect, each from its version until the medication's next one, each
    /// medication's oldest first, as `versions` has them. A medication today's schedules
    /// have that no version opens (another program added or re-added it) is read as today's,
    /// from its last change.
    public static func spans(_ versions: [MedicationScheduleVersion], current: [ScheduledMedication])
        -> [ScheduledMedication]
    {
        var spans: [ScheduledMedication] = []
        for (index, version) in versions.enumerated() {
            guard let schedule = version.schedule else { continue }
            let next = versions[(index + 1)...].first { $0.medicationID == version.medicationID }
            spans.append(ScheduledMedication(schedule: schedule, since: version.from, until: next?.from))
        }
        for scheduled in current
        where !spans.contains(where: { $0.schedule.medicationID == scheduled.schedule.medicationID && $0.until == nil })
        {
            let last = versions.filter { $0.medicationID == scheduled.schedule.medicationID }.map(\.from).max()
            spans.append(
                ScheduledMedication(schedule: scheduled.schedule, since: max(scheduled.since, last ?? .distantPast)))
        }
        return spans
    }
}
