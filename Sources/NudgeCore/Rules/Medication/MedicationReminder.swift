import Foundation

extension ReminderKind {
    public static let medication = ReminderKind(rawValue: "medication")
}

extension SettingKey {
    public static let medsRepeatMinutes = SettingKey("meds.repeat_minutes", .integer(1...60), default: "10")
}

/// The medications taken by day (`nudge meds add`): at each of a medication's times on its
/// days, a notification with `taken` (a `medication_events` row, as `nudge meds taken` writes
/// it), `snooze` (10 minutes) and `skip`. Unanswered, it is shown again every
/// `meds.repeat_minutes`, at most ``repeats`` times; still unanswered that long after the last,
/// the dose is recorded not taken (`medication_outcomes`, nudge's own table), as is a skip, and
/// as is one being reminded when `meds edit` takes it out of its day; one the edit moves to
/// another time of its day is asked at that time instead (``MovedDose``).
public struct MedicationReminder: MissRecordingRule {
    public static let takenAction = "taken"
    public static let snoozeAction = "snooze"
    public static let skipAction = "skip"
    public static let keyPrefix = "medication:"
    /// How many times an unanswered dose is shown again.
    public static let repeats = 3
    public static let snoozeMinutes = 10

    public init() {}

    /// From a dose's instant until its last repeat ends.
    public static func remindedFor(repeatMinutes: Int) -> TimeInterval {
        TimeInterval(repeatMinutes * 60 * (repeats + 1))
    }

    public let kind = ReminderKind.medication
    public let name = "medication"
    public let settingKeys: [SettingKey] = [.medsRepeatMinutes, .medsDuringDoNotDisturb]
    public let enabledSetting: SettingKey? = nil
    public let answers = [takenAction, snoozeAction, skipAction] + secondDoseAnswers
    /// A dose recorded elsewhere (`nudge meds taken`), or a repeat shown since, closes it.
    public let closesWhenSettledElsewhere = true

    /// Each dose's first reminder; then, once shown and left unanswered, its next repeat (or,
    /// after the last, the instant it is recorded not taken), from its facts.
    public func occurrences(days: ClosedRange<CivilDate>, in input: RuleInput<Facts>) -> GeneratedOccurrences {
        let clock = input.clock
        let every = TimeInterval(input.settings.int(.medsRepeatMinutes) * 60)
        var found: [Occurrence] = []
        for scheduled in input.facts.schedules {
            for day in sequence(first: days.lowerBound, next: { $0 < days.upperBound ? $0.adding(days: 1) : nil }) {
                // A dose reminded before an edit (`meds edit --dose`) goes on as it was; one an
                // edit moved to a time already past is asked at the edit.
                for (dose, dueAt) in scheduled.doses(on: day, clock: clock)
                where !input.facts.isSettled(dose, clock: clock) {
                    let moved = input.facts.unsettledMove(to: dose)
                    guard dueAt >= scheduled.since || !input.facts.attempts(of: dose).isEmpty || moved != nil else {
                        continue
                    }
                    found.append(
                        Occurrence(
                            kind: kind, key: dose.key, dueAt: max(dueAt, moved?.edit ?? dueAt),
                            title: title(ofKey: dose.key, in: input)))
                    guard let next = Self.nextFollow(of: dose, in: input.facts) else { continue }
                    found.append(
                        Occurrence(
                            kind: kind, key: dose.key(next.follow), dueAt: next.after.addingTimeInterval(every),
                            title: title(ofKey: dose.key(next.follow), in: input)))
                }
            }
            found += movedAway(scheduled, days: days, in: input)
        }
        // A medication of some weekdays only may have no dose in the days a plan asks for (two
        // ahead): the plan wakes at their end to look further, never sleeping past a dose.
        guard !input.facts.schedules.isEmpty else { return .init(found) }
        return GeneratedOccurrences(found, lookingNoFurtherThan: days, clock: clock)
    }

    /// The doses being reminded that an edit took out of the medication's times or days, and
    /// moved to no other time of their day: each ends at the edit, recorded not taken, never
    /// dropped unrecorded.
    private func movedAway(_ scheduled: ScheduledMedication, days: ClosedRange<CivilDate>, in input: RuleInput<Facts>)
        -> [Occurrence]
    {
        input.facts.beingReminded(scheduled.schedule.medicationID, clock: input.clock).filter { dose in
            days.contains(dose.date)
                && !scheduled.doses(on: dose.date, clock: input.clock).contains { $0.dose == dose }
        }
        .map {
            Occurrence(
                kind: kind, key: $0.key(.unanswered), dueAt: scheduled.since,
                title: title(ofKey: $0.key(.unanswered), in: input))
        }
    }

    /// After the latest reminder of a dose shown and unanswered: a repeat, or after the last
    /// one the dose's end. Nil while none is shown, the latest was snoozed, or one is on its way
    /// (claimed, not yet shown: a plan made meanwhile must not add another).
    static func nextFollow(of dose: ScheduledDose, in facts: Facts) -> (follow: ScheduledDose.Follow, after: Date)? {
        let attempts = facts.attempts(of: dose)
        guard !attempts.contains(where: \.isPending),
            let latest = attempts.filter({ $0.shownAt != nil }).max(by: { $0.shownAt! < $1.shownAt! }),
            latest.action == nil, let shownAt = latest.shownAt
        else { return nil }
        let repeated = attempts.filter {
            ScheduledDose.parse($0.key).map { if case .again = $0.follow { true } else { false } } ?? false
        }
        return repeated.count < repeats ? (.again(repeated.count + 1), shownAt) : (.unanswered, shownAt)
    }

    /// A snooze, or one shown, counts while its dose is still one of its medication's (not
    /// moved away by `meds edit`: the edit ended it), is not settled, and no later reminder of
    /// it was shown (that one stands in its place).
    /// The second-dose question counts until answered: its dose is settled by the *Taken* that
    /// asked it.
    public func isCurrent(key: String, in input: RuleInput<Facts>) -> Bool {
        guard let (dose, follow) = ScheduledDose.parse(key), let scheduled = input.facts.schedule(dose.medicationID),
            scheduled.doses(on: dose.date, clock: input.clock).contains(where: { $0.dose == dose })
        else { return false }
        if follow == .secondDoseQuestion { return input.facts.attempts.first { $0.key == key }?.action == nil }
        guard !input.facts.isSettled(dose, clock: input.clock) else { return false }
        let attempts = input.facts.attempts(of: dose)
        guard let shownAt = attempts.first(where: { $0.key == key })?.shownAt else { return true }
        return !attempts.contains { ($0.shownAt ?? .distantPast) > shownAt }
    }

    /// A dose's first reminder is shown while its repeats would still be running; a repeat or
    /// a snooze within one interval, or later while that span of its dose still runs (a daemon
    /// stopped mid-repeat and started again: hostile round of issue 42, the dose was recorded
    /// missed 35 minutes into its 40 and never asked again); the dose's end is never shown: it
    /// is recorded.
    public func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness {
        let every = TimeInterval(input.settings.int(.medsRepeatMinutes) * 60)
        let span = Self.remindedFor(repeatMinutes: input.settings.int(.medsRepeatMinutes))
        let late = now.timeIntervalSince(occurrence.dueAt)
        guard let (dose, follow) = ScheduledDose.parse(occurrence.key) else { return .missed }
        switch follow {
        case .first: return late < span ? .show : .missed
        case .secondDoseQuestion: return late < every ? .show : .missed
        case .again, .snooze:
            let doseRuns = input.clock.instant(on: dose.date, at: dose.time).map { now < $0 + span } ?? false
            return late < every || doseRuns ? .show : .missed
        case .unanswered: return .missed
        }
    }

    public func title(ofKey key: String, in input: RuleInput<Facts>) -> String {
        guard let (dose, follow) = ScheduledDose.parse(key) else { return "Medication" }
        let title =
            input.facts.doseMg(of: dose, clock: input.clock).map { Self.title(dose.medicationID, doseMg: $0) }
            ?? Self.displayName(dose.medicationID)
        switch follow {
        case .first: return title
        case .again, .snooze: return "\(title) (again)"
        case .unanswered: return "\(title): not taken"
        case .secondDoseQuestion: return "\(title): a second dose?"
        }
    }

    public func lateName(of occurrence: Occurrence, in input: RuleInput<Facts>) -> String { "a medication" }

    public func presentation(for occurrence: Occurrence, now: Date, text: BodyText, in input: RuleInput<Facts>)
        -> Presentation?
    {
        guard let (dose, follow) = ScheduledDose.parse(occurrence.key), follow != .unanswered,
            input.facts.schedule(dose.medicationID) != nil
        else { return nil }
        if follow == .secondDoseQuestion {
            return secondDoseQuestion(occurrence.key, dose: dose, text: text, in: input)
        }
        let when = input.clock.dueText(on: dose.date, at: dose.time)
        let body: String
        switch follow {
        case .again(let number): body = "Due at \(when); asked again (\(number) of \(Self.repeats))."
        case .snooze: body = "Due at \(when); snoozed."
        default: body = "Due at \(when)."
        }
        return .notification(
            NotificationContent(
                title: title(ofKey: occurrence.key, in: input), body: body,
                actions: [
                    NotificationAction(key: Self.takenAction, label: "Taken"),
                    NotificationAction(key: Self.snoozeAction, label: "Snooze \(Self.snoozeMinutes) min"),
                    NotificationAction(key: Self.skipAction, label: "Skip"),
                ],
                category: "x-nudge.medication", sound: .reminder))
    }

    /// Every reminder of a dose found too late, and the dose's end, record it not taken, at the
    /// instant that is found (`recorded_at`), as a skip is recorded at its answer; a second-dose
    /// question found too late records nothing (its dose was answered *Taken*).
    public func changesWhenMissed(key: String, dueAt: Date, at now: Date) -> [MedicationChange] {
        guard let (dose, follow) = ScheduledDose.parse(key), follow != .secondDoseQuestion else { return [] }
        return [.notTaken(dose, outcome: .missed, at: now)]
    }

    /// The end of an unanswered dose is recorded, never shown.
    public func isDeadline(key: String) -> Bool { ScheduledDose.parse(key)?.follow == .unanswered }

    /// `Modafinil 200 mg`: DoseTap's name for a medication it knows, else the name given.
    static func title(_ medicationID: String, doseMg: Int) -> String {
        "\(displayName(medicationID)) \(MedicationDose.text(doseMg))"
    }

    static func displayName(_ medicationID: String) -> String {
        KnownMedication.named(medicationID)?.displayName ?? medicationID
    }
}

/// Which medications a person takes is nobody else's business: neutral text on a locked screen.
extension MedicationReminder: PrivateRule {}
