import Foundation

extension MedicationReminder: TakenBackRule {
    /// `taken` writes the dose in DoseTap's `medication_events` as `nudge meds taken` does, at
    /// the instant answered, unless an entry already took the dose or DoseTap's duplicate guard
    /// would ask (another entry of the medication within its minutes): nothing is recorded yet,
    /// the reminder is answered, and DoseTap's question is asked on screen as a delivery of its
    /// own (``secondDoseQuestion(_:dose:text:in:)``), whose answer records the second entry or
    /// nothing; the confirmation says which entry stands and how to record a second dose from a
    /// terminal. Until then that entry is the dose's in `meds history`
    /// (``Facts/guardStanding(for:)``), as DoseTap takes a second tap in its guard for the same
    /// dose. `snooze` shows it again in 10 minutes; `skip` records the dose
    /// skipped. A dose another reminder of it answered is refused, naming that answer; so are a
    /// skip and a snooze of a dose an entry has taken.
    public func answer(_ answer: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<MedicationChange>
    {
        guard let (dose, follow) = ScheduledDose.parse(record.key) else {
            return .refused(InputError("delivery \(record.id) is no medication reminder nudge reads; nothing changed"))
        }
        guard let scheduled = input.facts.schedule(dose.medicationID) else {
            return .refused(Self.removed(dose, follow: follow, at: now, in: input))
        }
        guard record.action == nil else { return .duplicate }
        if follow == .secondDoseQuestion {
            return answerSecondDose(answer, dose: dose, scheduled: scheduled, in: input)
        }
        if Self.secondDoseAnswers.contains(answer) {
            return .refused(InputError("\(answer) answers only whether a Taken was a second dose"))
        }
        if let refusal = Self.tooOld(dose, at: now, clock: input.clock) { return .refused(refusal) }
        if let settled = input.facts.answer(of: dose) {
            // The same answer given on another of the dose's reminders stands: nothing to do,
            // as the same answer given twice on one (a repeated answer never depends on which).
            if settled == answer { return .duplicate }
            let instead = self.instead(recording: answer, after: settled, key: record.key).map { "; \($0)" }
            return .refused(
                InputError(
                    "the \(input.clock.text(dose.time)) dose of \(dose.medicationID) on \(dose.date) was answered already: \(settled)\(instead ?? "")"
                ))
        }
        if answer != Self.takenAction, let outcome = input.facts.notTaken[dose] {
            return .refused(Self.recordedAlready(dose, outcome, clock: input.clock))
        }
        // Taken already by an entry (`nudge meds taken`, DoseTap): a skip or a snooze would
        // record, against it, a dose not taken (hostile round of issue 42).
        if answer != Self.takenAction, let entry = input.facts.entry(for: dose, clock: input.clock) {
            return .refused(
                InputError(
                    "the \(input.clock.text(dose.time)) dose of \(dose.medicationID) on \(dose.date) was taken already, at \(input.clock.timeOfDay(entry.takenAt)); nothing changed"
                ))
        }
        // A snooze asked on another reminder of the dose is waiting: a second would show the
        // dose twice at once (hostile round 12 of issue 40).
        if answer == Self.snoozeAction,
            input.facts.attempts(of: dose).contains(where: {
                $0.isPending && ScheduledDose.parse($0.key)?.follow == .snooze
            })
        {
            return .duplicate
        }
        let followUps = dose.key + ":"
        switch answer {
        case Self.takenAction:
            if let refusal = Self.tooLateForTaken(dose, scheduled: scheduled, at: now, in: input) {
                return .refused(refusal)
            }
            let event = MedicationEvent(
                medicationID: dose.medicationID,
                doseMg: input.facts.doseMg(of: dose, clock: input.clock) ?? scheduled.schedule.doseMg,
                formulation: scheduled.schedule.formulation, takenAt: now, confirmedDuplicate: false, openSession: nil,
                clock: input.clock,
                rolloverHour: input.settings.int(.sessionRolloverHour))
            if let standing = standingEntry(for: dose, takenAt: now, in: input) {
                let said =
                    "\(dose.medicationID) was recorded at \(input.clock.timeOfDay(standing)); nothing recorded twice: meds history lists this dose taken with that entry (a second dose: nudge meds taken \(ShellWord.quoted(dose.medicationID)) --confirm-duplicate)"
                return .record(
                    AnswerEffects(
                        followUp: .init(kind: kind, keyPrefix: dose.key(.secondDoseQuestion), dueAt: now),
                        cancelOwedWithPrefix: followUps, confirmation: said))
            }
            return .record(
                AnswerEffects(
                    changes: [.taken(event)], cancelOwedWithPrefix: followUps,
                    confirmation:
                        "\(dose.medicationID) \(MedicationDose.text(event.doseMg)) recorded as taken at \(input.clock.timeOfDay(now))"
                ))
        case Self.snoozeAction:
            let due = WholeMinute.after(Self.snoozeMinutes, from: now)
            return .record(AnswerEffects(followUp: .init(kind: kind, keyPrefix: dose.key(.snooze), dueAt: due)))
        case Self.skipAction:
            return .record(
                AnswerEffects(
                    changes: [.notTaken(dose, outcome: .skipped, at: now)], cancelOwedWithPrefix: followUps,
                    confirmation: "the \(input.clock.text(dose.time)) dose of \(dose.medicationID) recorded as skipped")
            )
        default:
            return .refused(InputError("\(answer) is not an answer to a medication reminder"))
        }
    }

    /// Taken after a skip or a snooze: the notification's answer stands, and `nudge meds
    /// taken` records the dose (the entry wins over the skip in the history).
    public func instead(recording wanted: String, after first: String, key: String) -> String? {
        guard wanted == Self.takenAction, first != Self.takenAction, let (dose, _) = ScheduledDose.parse(key) else {
            return nil
        }
        return "to record it taken after all: \(SuggestedCommand.medsTaken(ShellWord.quoted(dose.medicationID)))"
    }

    /// A skip or a snooze of a dose recorded not taken (missed once its repeats ran out, or
    /// skipped): it said "recorded as skipped" and changed nothing (hostile round of issue 42
    /// after G13).
    private static func recordedAlready(_ dose: ScheduledDose, _ outcome: MedicationOutcome, clock: WallClock)
        -> InputError
    {
        InputError(
            "the \(clock.text(dose.time)) dose of \(dose.medicationID) on \(dose.date) was recorded \(outcome.rawValue) already; nothing changed (to record it taken after all: \(SuggestedCommand.medsTaken(ShellWord.quoted(dose.medicationID))))"
        )
    }

    /// A dose due longer ago than its facts reach (``Facts/reach``): its other reminders'
    /// answers, the entries around it and whether it was recorded not taken are not read, so
    /// none of the checks could be made (issue 42: a Taken on a delivery of a week ago was
    /// recorded unchecked). `meds taken --at` records it, with DoseTap's guard.
    private static func tooOld(_ dose: ScheduledDose, at now: Date, clock: WallClock) -> InputError? {
        guard let dueAt = clock.instant(on: dose.date, at: dose.time), dueAt < now.addingTimeInterval(-Facts.reach)
        else { return nil }
        let at = ShellWord.quoted("\(dose.date)T\(dose.time)")
        return InputError(
            "the \(clock.text(dose.time)) dose of \(dose.medicationID) on \(dose.date) is more than \(Int(Facts.reach / 86400)) days old, past what a reminder's answer is checked against; nothing changed (to record it taken: \(SuggestedCommand.medsTaken(ShellWord.quoted(dose.medicationID))) --at \(at))"
        )
    }

    /// A *Taken* whose entry, written at the instant answered, would be read as another dose:
    /// at or after the medication's next dose, or more than a day after its own (hostile rounds
    /// 29 and 31 of issue 42: at 24h 9m the entry stood beside the next morning's dose, which
    /// DoseTap listed taken while nudge still reminded it). Not by DoseTap's session date: an
    /// evening dose due before `session.rollover_hour` and taken just after it is that dose, as
    /// DoseTap itself records an entry made then. `meds taken --at` records it when it was taken.
    private static func tooLateForTaken(
        _ dose: ScheduledDose, scheduled: ScheduledMedication, at now: Date, in input: RuleInput<Facts>
    ) -> InputError? {
        let clock = input.clock
        guard let dueAt = clock.instant(on: dose.date, at: dose.time) else { return nil }
        let nextDose = (0...7).lazy.flatMap { scheduled.doses(on: dose.date.adding(days: $0), clock: clock) }
            .first { $0.dueAt > dueAt }
        let pastNext = nextDose.map { now >= $0.dueAt } ?? false
        guard pastNext || now >= dueAt.addingTimeInterval(DoseMatching.answeredReach) else { return nil }
        let at = ShellWord.quoted("\(dose.date)T\(dose.time)")
        let why = pastNext ? "its next dose is due" : "it is more than a day past"
        return InputError(
            "the \(clock.text(dose.time)) dose of \(dose.medicationID) on \(dose.date) is too late to answer Taken: \(why), and the entry would be read as another dose; nothing changed (to record when it was taken: \(SuggestedCommand.medsTaken(ShellWord.quoted(dose.medicationID))) --at \(at))"
        )
    }

    /// The entry that stands for this dose already: one in its span, or one DoseTap's guard
    /// finds within its minutes of `takenAt`, whatever their sessions.
    func standingEntry(for dose: ScheduledDose, takenAt: Date, in input: RuleInput<Facts>) -> Date? {
        if let entry = input.facts.entry(for: dose, clock: input.clock) { return entry.takenAt }
        return input.facts.entries.filter { $0.medicationID == dose.medicationID }.map(\.takenAt).first {
            MedicationEvent.isWithinGuard($0, of: takenAt)
        }
    }
}
