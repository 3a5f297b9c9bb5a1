import Foundation

/// DoseTap's duplicate-guard question, asked on screen after a *Taken* that recorded nothing
/// because the dose had an entry already (within DoseTap's guard, or in the dose's span): a
/// delivery of its own (`:second:N`), so that its answer is one answer of one row and the
/// *Taken* that settled the dose stays as it is. Its answer records the second entry at the
/// *Taken*'s instant, as DoseTap records one the person confirms (`confirmed_duplicate` set
/// where its guard asked), or nothing.
extension MedicationReminder {
    public static let secondDoseAction = "second-dose"
    public static let sameDoseAction = "same-dose"
    public static let secondDoseAnswers = [secondDoseAction, sameDoseAction]

    /// The question: which entry stands, when the *Taken* was given, and the two answers. The
    /// name is the person's own text, escaped as every body's (`<b>` in it broke the markup).
    func secondDoseQuestion(_ key: String, dose: ScheduledDose, text: BodyText, in input: RuleInput<Facts>)
        -> Presentation
    {
        let clock = input.clock
        let name = text.escape(dose.medicationID)
        var said = "Record a second dose of \(name)?"
        if let takenAt = Self.takenInstant(of: dose, in: input.facts) {
            said = "Taken at \(clock.toldTimeOfDay(takenAt)). " + said
            if let standing = standingEntry(for: dose, takenAt: takenAt, in: input) {
                let apart =
                    MedicationEvent.isWithinGuard(standing, of: takenAt)
                    ? "\(MedicationEvent.apart(standing, takenAt)) from it: DoseTap asks before a second within \(KnownMedication.duplicateGuardMinutes) minutes"
                    : "for the \(clock.text(dose.time)) dose"
                said = "\(name) was recorded at \(clock.toldTimeOfDay(standing)), \(apart). " + said
            }
        }
        return .notification(
            NotificationContent(
                title: title(ofKey: key, in: input), body: said,
                actions: [
                    NotificationAction(key: Self.secondDoseAction, label: "Record a second dose"),
                    NotificationAction(key: Self.sameDoseAction, label: "It was the same dose"),
                ],
                category: "x-nudge.medication"))
    }

    /// `second-dose` writes the entry the *Taken* did not, at its instant; `same-dose` writes
    /// nothing. Refused where an entry of the medication other than the one that stood was
    /// recorded since within the guard of that instant (`meds taken --confirm-duplicate`, or
    /// DoseTap): it would be a third.
    func answerSecondDose(
        _ answer: String, dose: ScheduledDose, scheduled: ScheduledMedication, in input: RuleInput<Facts>
    ) -> AnswerDecision<MedicationChange> {
        guard Self.secondDoseAnswers.contains(answer) else {
            return .refused(
                InputError(
                    "\(answer) does not answer whether a Taken was a second dose: give \(Self.secondDoseAction) or \(Self.sameDoseAction)"
                ))
        }
        let clock = input.clock
        guard let takenAt = Self.takenInstant(of: dose, in: input.facts) else {
            return .refused(Self.takenUnread(dose, clock: clock))
        }
        let standing = standingEntry(for: dose, takenAt: takenAt, in: input)
        guard answer == Self.secondDoseAction else {
            let stands = standing.map { " the entry at \(clock.toldTimeOfDay($0)) stands for it" } ?? ""
            return .record(
                AnswerEffects(
                    confirmation: "nothing recorded for the Taken at \(clock.toldTimeOfDay(takenAt));\(stands)"))
        }
        let earlier = input.facts.entries.filter { $0.medicationID == dose.medicationID }.map(\.takenAt)
        if let since = earlier.first(where: { $0 != standing && MedicationEvent.isWithinGuard($0, of: takenAt) }) {
            return .refused(
                InputError(
                    "\(dose.medicationID) was recorded again at \(clock.toldTimeOfDay(since)) since this question; nothing changed"
                ))
        }
        var event = MedicationEvent(
            medicationID: dose.medicationID,
            doseMg: input.facts.doseMg(of: dose, clock: clock) ?? scheduled.schedule.doseMg,
            formulation: scheduled.schedule.formulation, takenAt: takenAt, confirmedDuplicate: false, openSession: nil,
            clock: clock, rolloverHour: input.settings.int(.sessionRolloverHour))
        event.confirmedDuplicate = event.duplicate(among: earlier) != nil
        return .record(
            AnswerEffects(
                changes: [.taken(event)],
                confirmation:
                    "\(dose.medicationID) \(MedicationDose.text(event.doseMg)) recorded as a second dose, taken at \(clock.toldTimeOfDay(takenAt))"
            ))
    }

    /// The *Taken* that asked is past what the store reads (``Facts/reach``).
    private static func takenUnread(_ dose: ScheduledDose, clock: WallClock) -> InputError {
        InputError(
            "the Taken of the \(clock.text(dose.time)) dose of \(dose.medicationID) on \(dose.date) is no longer read; nothing changed (a second dose: \(SuggestedCommand.medsTaken(ShellWord.quoted(dose.medicationID))) --confirm-duplicate)"
        )
    }

    /// When the *Taken* that asked the question was given.
    static func takenInstant(of dose: ScheduledDose, in facts: Facts) -> Date? {
        facts.attempts(of: dose).first { $0.action == takenAction }?.answeredAt
    }
}
