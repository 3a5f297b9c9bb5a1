import Foundation

extension ReminderKind {
    public static let journal = ReminderKind(rawValue: "journal")
}

extension SettingKey {
    public static let journalRemindersEnabled = SettingKey("journal.reminders_enabled", .boolean, default: "true")
    public static let journalAfterMoodDelayMinutes = SettingKey(
        "journal.after_mood_delay_minutes", .integer(0...1440), default: "240")
    public static let journalReflectionDays = SettingKey(
        "journal.reflection_days", .days(1...365, count: 10), default: "1,7,30")
    public static let journalReflectionTime = SettingKey("journal.reflection_time", .timeOfDay, default: "10:00")
}

/// The therapy journal's reminders: the mood after a session, once it has worn off, and
/// invitations to reflect on the days that follow. Reflective and neutral in tone; a
/// notification says only that there was a session and which day, never what was written.
/// Answers to an invitation: `later` (once more tomorrow) and `stop` (no more for the session).
public struct TherapyJournalReminder: RepliableRule {
    /// What a plan needs of a session: never its texts.
    public struct SessionFacts: Sendable, Equatable {
        public var id: String
        public var startedAt: Date
        public var hasMoodAfter: Bool
        /// When each of its reflections was written.
        public var reflections: [Date]
        /// Someone answered `stop` on one of its invitations.
        public var invitationsStopped: Bool

        public init(
            id: String, startedAt: Date, hasMoodAfter: Bool, reflections: [Date] = [], invitationsStopped: Bool = false
        ) {
            self.id = id
            self.startedAt = startedAt
            self.hasMoodAfter = hasMoodAfter
            self.reflections = reflections
            self.invitationsStopped = invitationsStopped
        }
    }

    public struct Facts: RuleFacts {
        /// The sessions of the last `reach`.
        public var sessions: [SessionFacts]

        public init() { sessions = [] }

        public init(sessions: [SessionFacts]) { self.sessions = sessions }

        /// The latest invitation is 365 days after its session, and shown up to a day late.
        public static let reach: TimeInterval = 368 * 86400
    }

    public static let writeAction = "write"
    public static let laterAction = "later"
    public static let stopAction = "stop"
    /// A reminder of the journal is shown up to this late.
    public static let shownLate: TimeInterval = 12 * 3600

    public init() {}

    public let kind = ReminderKind.journal
    public let name = "journal"
    public let settingKeys: [SettingKey] = [
        .journalRemindersEnabled, .journalAfterMoodDelayMinutes, .journalReflectionDays, .journalReflectionTime,
        .journalDuringDoNotDisturb,
    ]
    public let enabledSetting: SettingKey? = .journalRemindersEnabled
    public let answers = [writeAction, laterAction, stopAction]
    /// Settled elsewhere (a call logged, a mood recorded), its notification is closed.
    public let closesWhenSettledElsewhere = true

    enum Key: Equatable {
        case mood(session: String)
        /// `days` after the session; `later` counts the "tomorrow"s asked for.
        case invitation(session: String, days: Int)

        init?(_ key: String) {
            let parts = key.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 3, parts[0] == "journal" else { return nil }
            switch parts[2] {
            case "mood": self = .mood(session: parts[1])
            case "reflect" where parts.count >= 4:
                guard let days = Int(parts[3]) else { return nil }
                self = .invitation(session: parts[1], days: days)
            default: return nil
            }
        }

        var text: String {
            switch self {
            case .mood(let session): "journal:\(session):mood"
            case .invitation(let session, let days): "journal:\(session):reflect:\(days)"
            }
        }

        var session: String {
            switch self {
            case .mood(let session), .invitation(let session, _): session
            }
        }
    }

    public func occurrences(days: ClosedRange<CivilDate>, in input: RuleInput<Facts>) -> GeneratedOccurrences {
        let settings = input.settings
        let clock = input.clock
        var found: [Occurrence] = []
        let delay = settings.int(.journalAfterMoodDelayMinutes)
        let reflectionDays = settings.days(.journalReflectionDays)
        for session in input.facts.sessions {
            if delay > 0, !session.hasMoodAfter {
                let due = session.startedAt.addingTimeInterval(TimeInterval(delay * 60))
                if days.contains(clock.date(of: due)) {
                    found.append(
                        Occurrence(
                            kind: .journal, key: Key.mood(session: session.id).text, dueAt: due, title: Self.moodTitle))
                }
            }
            guard !session.invitationsStopped else { continue }
            var previous = session.startedAt
            for after in reflectionDays {
                guard let due = Self.invitationDue(session, daysAfter: after, settings: settings, clock: clock) else {
                    continue
                }
                defer { previous = due }
                // A reflection written since the previous invitation is the answer this one asks for.
                if session.reflections.contains(where: { $0 > previous && $0 <= due }) { continue }
                if days.contains(clock.date(of: due)) {
                    found.append(
                        Occurrence(
                            kind: .journal, key: Key.invitation(session: session.id, days: after).text, dueAt: due,
                            title: Self.invitationTitle))
                }
            }
        }
        return .init(found)
    }

    /// `journal.reflection_time` on the day `daysAfter` the session's local date.
    public static func invitationDue(_ session: SessionFacts, daysAfter: Int, settings: Settings, clock: WallClock)
        -> Date?
    {
        clock.instant(
            on: clock.date(of: session.startedAt).adding(days: daysAfter), at: settings.time(.journalReflectionTime))
    }

    public func isCurrent(key: String, in input: RuleInput<Facts>) -> Bool {
        guard let parsed = Key(key), let session = input.facts.sessions.first(where: { $0.id == parsed.session }) else {
            return false
        }
        switch parsed {
        case .mood: return !session.hasMoodAfter
        case .invitation: return !session.invitationsStopped
        }
    }

    public func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness {
        now.timeIntervalSince(occurrence.dueAt) <= Self.shownLate ? .show : .missed
    }

    public func title(ofKey key: String, in input: RuleInput<Facts>) -> String {
        if case .mood = Key(key) { return Self.moodTitle }
        return Self.invitationTitle
    }

    public func presentation(for occurrence: Occurrence, now: Date, text: BodyText, in input: RuleInput<Facts>)
        -> Presentation?
    {
        guard let key = Key(occurrence.key), let session = input.facts.sessions.first(where: { $0.id == key.session })
        else { return nil }
        let day = Self.day(of: session.startedAt, now: now, clock: input.clock)
        let id = String(session.id.prefix(8))
        switch key {
        case .mood:
            guard !session.hasMoodAfter else { return nil }
            let question =
                occurrence.key.contains(":again:")
                ? "What you typed is kept as a reflection. Your mood after \(day) session, as a whole number from 1 to 10?"
                : "How is your mood after \(day) session, from 1 to 10?"
            var content = NotificationContent(
                title: Self.moodTitle, body: "\(question) With: \(SuggestedCommand.journalMoodAfter(session: id))",
                actions: [],
                category: Self.category,
                sound: .reminder)
            content.inlineReply = "1 to 10"
            return .notification(content)
        case .invitation:
            var content = NotificationContent(
                title: Self.invitationTitle,
                body: "A moment to reflect on \(day) session? With: \(SuggestedCommand.journalReflect(session: id))",
                actions: [
                    NotificationAction(key: Self.writeAction, label: "Write now", needsTerminal: true),
                    NotificationAction(key: Self.laterAction, label: "Tomorrow"),
                    NotificationAction(key: Self.stopAction, label: "No more for this session"),
                ],
                category: Self.category, sound: .reminder)
            content.inlineReply = "A few words, if you like"
            return .notification(content)
        }
    }

    public func answer(_ answer: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<TherapyJournalChange>
    {
        guard record.action == nil else { return .duplicate }
        guard case .invitation(let session, let days) = Key(record.key), answers.contains(answer) else {
            guard case .mood(let session) = Key(record.key) else {
                return .refused(InputError("this journal reminder offers no answer '\(answer)'"))
            }
            // Its answer is a number, which no button gives.
            return .refused(
                InputError(
                    "\(Self.moodTitle) is answered with \(SuggestedCommand.journalMoodAfter(session: String(session.prefix(8)))), N from 1 to 10"
                ))
        }
        if answer == Self.writeAction {
            return .record(
                AnswerEffects(
                    openInTerminal: SuggestedCommand.journalReflect(session: String(session.prefix(8))).arguments))
        }
        guard answer == Self.laterAction else { return .record(AnswerEffects()) }
        // The same local time tomorrow (a day of 23 or 25 hours when the clocks change).
        let clock = input.clock
        let shown = clock.local(record.dueAt)
        let time = LocalTime(hour: shown.secondsOfDay / 3600, minute: shown.secondsOfDay / 60 % 60)!
        let tomorrow = clock.instant(on: shown.date.adding(days: 1), at: time) ?? record.dueAt.addingTimeInterval(86400)
        let due = max(tomorrow, WholeMinute.after(60, from: now))
        return .record(
            AnswerEffects(
                followUp: .init(
                    kind: .journal, keyPrefix: "journal:\(session):reflect:\(days):later:", dueAt: due,
                    title: Self.invitationTitle)))
    }

    /// Typed into the notification: a mood, or a reflection. Nothing typed is lost: text that is
    /// not a mood is kept as a reflection, and the mood is asked for once more.
    public func reply(_ text: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<TherapyJournalChange>
    {
        guard let key = Key(record.key) else { return .refused(InputError("\(record.key) is not a journal reminder")) }
        let session = key.session
        if case .mood = key, let mood = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            TherapySession.moods.contains(mood)
        {
            return .record(
                AnswerEffects(changes: [TherapyJournalChange.moodAfter(sessionID: session, mood: mood, at: now)]))
        }
        let reflections = Self.reflectionTexts(text).map {
            TherapyJournalChange.reflection(sessionID: session, text: $0, source: .reply, at: now)
        }
        guard !reflections.isEmpty else { return .refused(InputError("an empty reply; nothing to keep")) }
        var effects = AnswerEffects(changes: reflections)
        if case .mood = key, !record.key.contains(":again:") {
            effects.followUp = .init(
                kind: .journal, keyPrefix: "\(record.key):again:", dueAt: now, title: Self.moodTitle)
        }
        return .record(effects)
    }

    /// Typed text as reflections the store accepts: control characters other than newlines and
    /// tabs become spaces, and text over the limit continues in another reflection.
    static func reflectionTexts(_ text: String) -> [String] {
        let printable = TextInput.printable(text, replacement: " ")
        guard !printable.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
        let clean = Array(printable.unicodeScalars)
        return stride(from: 0, to: clean.count, by: TherapyReflection.limit).map {
            String(String.UnicodeScalarView(clean[$0..<min($0 + TherapyReflection.limit, clean.count)]))
        }
    }

    static let moodTitle = "After your session"
    static let invitationTitle = "A moment to reflect"
    static let category = "x-nudge.journal"

    /// `today's`, `yesterday's`, `Sunday's` within a week, `last Sunday's` a week on, and
    /// `the 22 November` before.
    static func day(of instant: Date, now: Date, clock: WallClock) -> String {
        let date = clock.date(of: instant)
        switch clock.date(of: now).daysSinceEpoch - date.daysSinceEpoch {
        case 0: return "today's"
        case 1: return "yesterday's"
        case 2...6: return "\(clock.weekdayName(date))'s"
        case 7: return "last \(clock.weekdayName(date))'s"
        default:
            let months = [
                "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December",
            ]
            return "the \(date.day) \(months[date.month - 1])"
        }
    }
}
