import Foundation

extension ReminderKind {
    public static let symptom = ReminderKind(rawValue: "symptom")
}

extension SettingKey {
    public static let symptomReminderEnabled = SettingKey("symptom.reminder_enabled", .boolean, default: "true")
    public static let symptomReminderTime = SettingKey("symptom.reminder_time", .timeOfDay, default: "20:00")
    public static let symptomSnoozeMinutes = SettingKey("symptom.snooze_minutes", .integer(5...240), default: "60")
}

/// The end-of-day symptom check (Symptomly): once a day at `symptom.reminder_time`, with
/// `done` and `snooze` answers.
public struct SymptomReminder: ReminderRule {
    /// The diary entries of the days a plan looks at, for the notification's summary.
    public struct Facts: RuleFacts {
        public var entries: [SymptomEntry]

        public init() { entries = [] }

        public init(entries: [SymptomEntry]) { self.entries = entries }

        /// How far around the plan's instant the store reads entries: the day an occurrence is
        /// about is at most two days back.
        public static let reach: TimeInterval = 3 * 86400
    }

    public init() {}

    public let kind = ReminderKind.symptom
    public let name = "symptom"
    public let settingKeys: [SettingKey] = [
        .symptomReminderEnabled, .symptomReminderTime, .symptomSnoozeMinutes, .symptomDuringDoNotDisturb,
    ]
    public let enabledSetting: SettingKey? = .symptomReminderEnabled
    public let answers = [doneAction, snoozeAction]

    public static let title = "Daily symptom check"
    public static let doneAction = "done"
    public static let snoozeAction = "snooze"

    public static func key(for day: CivilDate) -> String { "symptom:\(day)" }

    public static func snoozePrefix(for day: CivilDate) -> String { "symptom:\(day):snooze:" }

    /// The diary day an occurrence is about, from its key.
    public static func day(ofKey key: String) -> CivilDate? {
        let parts = key.split(separator: ":")
        guard parts.count >= 2, parts[0] == "symptom" else { return nil }
        return CivilDate(iso: parts[1])
    }

    public func occurrences(days: ClosedRange<CivilDate>, in input: RuleInput<Facts>) -> GeneratedOccurrences {
        let daySequence = sequence(first: days.lowerBound) { $0 < days.upperBound ? $0.adding(days: 1) : nil }
        return .init(Self.occurrences(on: daySequence, settings: input.settings, clock: input.clock))
    }

    public func isCurrent(key: String, in input: RuleInput<Facts>) -> Bool { true }

    /// The end-of-day check is only worth showing the same local day and at most four hours
    /// late: a diary prompt the next morning is noise.
    public func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness {
        let late = now.timeIntervalSince(occurrence.dueAt)
        return late <= 4 * 3600 && input.clock.date(of: now) == input.clock.date(of: occurrence.dueAt) ? .show : .missed
    }

    public func title(ofKey key: String, in input: RuleInput<Facts>) -> String {
        key.contains(":snooze:") ? "\(Self.title) (snoozed)" : Self.title
    }

    public func lateName(of occurrence: Occurrence, in input: RuleInput<Facts>) -> String { "the symptom check" }

    public func presentation(for occurrence: Occurrence, now: Date, text: BodyText, in input: RuleInput<Facts>)
        -> Presentation?
    {
        let clock = input.clock
        let day = Self.day(ofKey: occurrence.key) ?? clock.date(of: occurrence.dueAt)
        let entries = input.facts.entries.filter { clock.date(of: $0.loggedAt) == day }
        return .notification(
            Self.notification(
                day: day, today: clock.date(of: now), entries: entries, settings: input.settings, text: text))
    }

    public func answer(_ answer: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<NoChange>
    {
        guard record.action == nil else { return .duplicate }
        guard let effects = Self.effects(of: answer, key: record.key, answeredAt: now, settings: input.settings) else {
            return .refused(InputError("\(record.key) is not a symptom reminder nudge can answer"))
        }
        return .record(effects)
    }

    /// The daily occurrences on these days, in the settings' time; none when the reminder is off.
    public static func occurrences(on days: some Sequence<CivilDate>, settings: Settings, clock: WallClock)
        -> [Occurrence]
    {
        guard settings.bool(.symptomReminderEnabled) else { return [] }
        let time = settings.time(.symptomReminderTime)
        return days.compactMap { day in
            clock.instant(on: day, at: time).map {
                Occurrence(kind: .symptom, key: key(for: day), dueAt: $0, title: title)
            }
        }
    }

    /// The notification for the day's check, naming up to three of the day's symptoms.
    public static func notification(
        day: CivilDate, today: CivilDate, entries: [SymptomEntry], settings: Settings, text: BodyText
    ) -> NotificationContent {
        let when = day == today ? "today" : "on \(day)"
        let body: String
        if entries.isEmpty {
            body = "Nothing logged \(when). Log a symptom with: \(SuggestedCommand.logSymptom)"
        } else {
            let symptoms = SymptomGroup.grouped(entries)
            let named = symptoms.prefix(3).map { $0.text(text) }
            // "Headache ×3, highest 4" has a comma of its own: then symptoms part at semicolons.
            var listed = named.joined(separator: symptoms.contains { $0.entries.count > 1 } ? "; " : ", ")
            if symptoms.count > 3 { listed += " and \(symptoms.count - 3) more" }
            body = "\(entries.count) logged \(when): \(listed). Anything else?"
        }
        let snooze = settings.int(.symptomSnoozeMinutes)
        return NotificationContent(
            title: title,
            body: body,
            actions: [
                NotificationAction(key: doneAction, label: "Nothing else today"),
                NotificationAction(key: snoozeAction, label: "Remind me in \(DurationText.spoken(minutes: snooze))"),
            ],
            category: "x-nudge.symptom", sound: .reminder
        )
    }

    /// What an answer does: `snooze` queues one more occurrence, `done` cancels the day's pending snooze.
    public static func effects(of answer: String, key: String, answeredAt: Date, settings: Settings) -> AnswerEffects<
        NoChange
    >? {
        guard let day = day(ofKey: key) else { return nil }
        switch answer {
        case snoozeAction:
            let due = WholeMinute.after(settings.int(.symptomSnoozeMinutes), from: answeredAt)
            return AnswerEffects(followUp: .init(kind: .symptom, keyPrefix: snoozePrefix(for: day), dueAt: due))
        case doneAction:
            return AnswerEffects(cancelOwedWithPrefix: snoozePrefix(for: day))
        default:
            return nil
        }
    }
}
