import Foundation

extension MedicationReminder {
    /// The medication was removed (`meds remove`) after the reminder was shown: named as the
    /// person knows it, never by the reminder's key, with a whole line that records the dose as
    /// the answer would have (hostile rounds 29 and 31 of issue 42: "nudge meds taken Gamma
    /// --custom, with --dose and the amount" could not be pasted, and typed later recorded the
    /// instant of typing). `--at` is the *Taken*'s instant; `--dose` the removed schedule's
    /// amount where the store still has it (a DoseTap medication without it takes DoseTap's
    /// usual one); a second dose carries `--confirm-duplicate`, as its answer would have.
    static func removed(
        _ dose: ScheduledDose, follow: ScheduledDose.Follow, at now: Date, in input: RuleInput<Facts>
    ) -> InputError {
        let clock = input.clock
        let isSecondDose = follow == .secondDoseQuestion
        let takenAt = (isSecondDose ? takenInstant(of: dose, in: input.facts) : nil) ?? now
        let (day, seconds) = clock.local(takenAt)
        let time = LocalTime(hour: seconds / 3600, minute: seconds % 3600 / 60).map(\.description) ?? "HH:MM"
        var line = SuggestedCommand.medsTaken(ShellWord.quoted(dose.medicationID)).description
        let isDoseTaps = KnownMedication.named(dose.medicationID) != nil
        if !isDoseTaps { line += " --custom" }
        if let milligrams = lastDoseMg(of: dose.medicationID, in: input.facts) {
            line += " --dose \(milligrams)mg"
        } else if !isDoseTaps {
            line += " --dose AMOUNT"
        }
        line += " --at \(day)T\(time)"
        if isSecondDose { line += " --confirm-duplicate" }
        return InputError(
            "\(dose.medicationID) is no longer a medication taken by day (meds remove); nothing recorded for its \(clock.text(dose.time)) dose on \(dose.date) (to record it taken: \(line))"
        )
    }

    /// The amount of the medication's last schedule the store keeps (its version before the
    /// removal).
    private static func lastDoseMg(of medicationID: String, in facts: Facts) -> Int? {
        facts.versions.last { $0.schedule.medicationID == medicationID }?.schedule.doseMg
    }
}
