import Foundation

extension MedicationHistory {
    /// The amount of the dose an entry of `medicationID` taken at `instant` would take, as the
    /// schedule version that holds that dose asked it (the history's dose, by ``DoseMatching``);
    /// nil where it would take none. `nudge meds taken` without `--dose` records it, as the
    /// notification's *Taken* records ``MedicationReminder/Facts/doseMg(of:clock:)`` (issue 42:
    /// 300 mg due at 08:00, edited to 400 mg at 08:30, taken at 08:40 was recorded 400 mg).
    public static func askedDoseMg(
        _ medicationID: String, takenAt instant: Date, _ facts: MedicationReminder.Facts, now: Date,
        repeatMinutes: Int, clock: WallClock
    ) -> Int? {
        var facts = facts
        facts.entries.append(MedicationReminder.Facts.Entry(medicationID: medicationID, takenAt: instant))
        let day = clock.date(of: instant)
        return items(
            facts, days: day.adding(days: -1)...day.adding(days: 1), now: max(now, instant),
            repeatMinutes: repeatMinutes, clock: clock
        ).first { $0.medicationID == medicationID && $0.dueAt != nil && $0.takenAt == instant }?.doseMg
    }
}
