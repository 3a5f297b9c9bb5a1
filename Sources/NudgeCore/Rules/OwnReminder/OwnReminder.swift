import Foundation

extension ReminderKind {
    public static let ownReminder = ReminderKind(rawValue: "reminder")
}

/// The person's own reminders (`nudge remind`): at each one's time on its days, a notification
/// titled with the person's text, with `done`, `snooze` (an hour) and `skip`. *Done* on an
/// every-N-days reminder counts the next N days from the day it was done, as a call's cadence
/// counts from the call.
///
/// Not a ``PrivateRule``: the text is what the person chose to be reminded of, in their own
/// words, as a calendar shows it; the diary and the journal are the private kinds.
public struct OwnReminder: ReminderRule {
    public struct Facts: RuleFacts {
        public var reminders: [OwnReminderSchedule]
        /// The days (``OwnReminderSchedule/dayKey(id:day:)``) of the last ones answered Done or
        /// Skip, at any time: a reminder moved later after its answer is not asked again that day.
        public var answeredDays: Set<String>
        /// The days of the last ones keyed without their time (written before keys held it):
        /// such a day keeps that key, so that a store carried over shows nothing twice.
        public var untimedDays: Set<String>

        public init() { self.init(reminders: []) }
        public init(reminders: [OwnReminderSchedule], answeredDays: Set<String> = [], untimedDays: Set<String> = []) {
            self.reminders = reminders
            self.answeredDays = answeredDays
            self.untimedDays = untimedDays
        }

        /// How far back the store reads the answers: a plan looks at yesterday.
        public static let reach: TimeInterval = 3 * 86400

        public func reminder(_ id: Int64) -> OwnReminderSchedule? { reminders.first { $0.id == id } }
    }

    public static let doneAction = "done"
    public static let snoozeAction = "snooze"
    public static let skipAction = "skip"
    public static let keyPrefix = "reminder:"
    /// One on screen that is no longer current (moved to another time with `reminders edit`,
    /// deleted) is closed: left up, it and the moved one's both took Done.
    public let closesWhenSettledElsewhere = true
    public static let snoozeMinutes = 60
    /// How late one is still worth showing: a reminder of the morning is still worth it in
    /// the evening; one of yesterday is recorded missed and named in the late summary.
    public static let showLateFor: TimeInterval = 12 * 3600

    public init() {}

    public let kind = ReminderKind.ownReminder
    public let name = "reminder"
    public let settingKeys: [SettingKey] = [.reminderDuringDoNotDisturb]
    public let enabledSetting: SettingKey? = nil
    public let answers = [doneAction, snoozeAction, skipAction]

    public func occurrences(days: ClosedRange<CivilDate>, in input: RuleInput<Facts>) -> GeneratedOccurrences {
        var found: [Occurrence] = []
        for reminder in input.facts.reminders {
            for day in sequence(first: days.lowerBound, next: { $0 < days.upperBound ? $0.adding(days: 1) : nil }) {
                let dayKey = OwnReminderSchedule.dayKey(id: reminder.id, day: day)
                guard let due = reminder.dueAt(on: day, clock: input.clock), due >= reminder.since,
                    !input.facts.answeredDays.contains(dayKey)
                else { continue }
                let key = input.facts.untimedDays.contains(dayKey) ? dayKey : reminder.key(on: day)
                found.append(Occurrence(kind: kind, key: key, dueAt: due, title: reminder.text))
            }
        }
        // Every 3 days, weekly, monthly: the next may be past the days asked (a plan asks for
        // two days ahead), so the plan wakes at their end to look further, never sleeping past one;
        // not for reminders that have all ended by then.
        guard input.facts.reminders.contains(where: { $0.mayComeAfter(days.upperBound) }) else {
            return .init(found)
        }
        return GeneratedOccurrences(found, lookingNoFurtherThan: days, clock: input.clock)
    }

    /// A snooze stands while its reminder does, at the time it was shown for: one moved to
    /// another time is asked at that time instead.
    public func isCurrent(key: String, in input: RuleInput<Facts>) -> Bool {
        guard let parsed = OwnReminderSchedule.parse(key), let reminder = input.facts.reminder(parsed.id) else {
            return false
        }
        return parsed.time.map { $0 == reminder.time } ?? true
    }

    public func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness {
        now.timeIntervalSince(occurrence.dueAt) <= Self.showLateFor ? .show : .missed
    }

    public func title(ofKey key: String, in input: RuleInput<Facts>) -> String {
        OwnReminderSchedule.parse(key).flatMap { input.facts.reminder($0.id)?.text } ?? "Reminder"
    }

    /// Named by its text, as a call by its contact: no private kind, so a summary of late or
    /// held reminders says which (issue 41's hostile round: three read "a reminder of yours").
    public func lateName(of occurrence: Occurrence, in input: RuleInput<Facts>) -> String {
        OwnReminderSchedule.parse(occurrence.key).flatMap { input.facts.reminder($0.id)?.text }.map { "'\($0)'" }
            ?? "a reminder of yours"
    }

    public func presentation(for occurrence: Occurrence, now: Date, text: BodyText, in input: RuleInput<Facts>)
        -> Presentation?
    {
        guard let id = OwnReminderSchedule.parse(occurrence.key)?.id, let reminder = input.facts.reminder(id) else {
            return nil
        }
        let snoozed = occurrence.key.contains(":snooze:") ? "; snoozed" : ""
        return .notification(
            NotificationContent(
                title: reminder.text,
                body:
                    "\(reminder.repeats.description.capitalizedFirst) at \(RepeatedHourReading.told(reminder, clock: input.clock))\(snoozed).",
                actions: [
                    NotificationAction(key: Self.doneAction, label: "Done"),
                    NotificationAction(key: Self.snoozeAction, label: "Snooze 1 hour"),
                    NotificationAction(key: Self.skipAction, label: "Skip"),
                ],
                category: "x-nudge.reminder", sound: .reminder))
    }

    /// `done` ends the day's reminder (and an every-N-days one counts again from today),
    /// `snooze` shows it again in an hour (at the nearest whole minute), `skip` ends the day's reminder and nothing more.
    public func answer(_ answer: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<OwnReminderChange>
    {
        guard let (id, _, _, first) = OwnReminderSchedule.parse(record.key), let reminder = input.facts.reminder(id)
        else {
            // Named as it was shown, never by its internal key (hostile round of issue 42).
            let name = record.title.map { "'\(TextInput.oneLine($0))'" } ?? "delivery \(record.id)'s reminder"
            return .refused(InputError("\(name) is no longer one of your reminders (deleted); nothing recorded"))
        }
        guard record.action == nil else { return .duplicate }
        let followUps = first + ":"
        switch answer {
        case Self.doneAction:
            guard case .every(let days, _) = reminder.repeats else {
                return .record(AnswerEffects(cancelOwedWithPrefix: followUps))
            }
            let next = input.clock.date(of: now).adding(days: days)
            return .record(
                AnswerEffects(
                    changes: [.countedFrom(id: id, day: next)], cancelOwedWithPrefix: followUps,
                    // Its words too, as the notification's title and every other answer's
                    // confirmation say them (issue 42: "done; next on ..." alone).
                    confirmation:
                        "answered \(reminder.text): Done; next on \(next) at \(input.clock.text(reminder.time))"))
        case Self.snoozeAction:
            let due = WholeMinute.after(Self.snoozeMinutes, from: now)
            return .record(AnswerEffects(followUp: .init(kind: kind, keyPrefix: followUps + "snooze:", dueAt: due)))
        case Self.skipAction:
            return .record(AnswerEffects(cancelOwedWithPrefix: followUps))
        default:
            return .refused(InputError("\(answer) is not an answer to a reminder"))
        }
    }
}

extension String {
    /// `Every 3 days`: the first letter upper-cased, the rest as written.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
