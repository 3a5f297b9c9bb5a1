import Foundation

extension ReminderKind {
    public static let meditation = ReminderKind(rawValue: "meditation")
}

extension SettingKey {
    public static let meditationDefaultMinutes = SettingKey(
        "meditation.default_minutes", .integer(1...240), default: "10")
    public static let meditationStartDelaySeconds = SettingKey(
        "meditation.start_delay_seconds", .integer(0...120), default: "15")
    public static let meditationIntervalMinutes = SettingKey(
        "meditation.interval_minutes", .integer(0...120), default: "0")
    public static let meditationStartBell = SettingKey("meditation.start_bell", .sound, default: "message-new-instant")
    public static let meditationIntervalBell = SettingKey(
        "meditation.interval_bell", .sound, default: "message-new-instant")
    public static let meditationEndBell = SettingKey("meditation.end_bell", .sound, default: "complete")
    public static let meditationDayStartsAt = SettingKey(
        "meditation.day_starts_at", .timeOfDayWithin(LocalTime(hour: 0, minute: 0)!...LocalTime(hour: 6, minute: 0)!),
        default: "04:00")
    public static let meditationReminderEnabled = SettingKey("meditation.reminder_enabled", .boolean, default: "false")
    public static let meditationReminderTime = SettingKey("meditation.reminder_time", .timeOfDay, default: "19:00")
    public static let meditationAmbient = SettingKey("meditation.ambient", .ambient, default: "none")
    public static let meditationAmbientVolume = SettingKey(
        "meditation.ambient_volume", .integer(1...100), default: "40")
}

/// The meditation timer (SerenitySpark) and its daily practice reminder. The running session's
/// bells ring at their instants with nothing on screen; its end shows "Session complete" and
/// records it; a sleep during it ends it there. Answers to the practice reminder: `start`, `skip`.
public struct MeditationTimer: MissRecordingRule {
    public struct Facts: RuleFacts {
        /// Every running session, and those started within `reach` of the plan's instant.
        public var sessions: [MeditationSession]

        public init() { sessions = [] }

        public init(sessions: [MeditationSession]) { self.sessions = sessions }

        public static let reach: TimeInterval = 3 * 86400
    }

    public static let startAction = "start"
    public static let skipAction = "skip"
    public static let completeTitle = "Session complete"
    public static let interruptedTitle = "Meditation interrupted"
    public static let practiceTitle = "Time to meditate"
    /// A bell or chime later than this is not sounded: a late bell is a wrong bell.
    public static let soundTolerance: TimeInterval = 5
    /// "Session complete" is shown at most this late, without its chime.
    public static let completionShownLate: TimeInterval = 5 * 60

    public init() {}

    public let kind = ReminderKind.meditation
    public let name = "meditation"
    public let settingKeys: [SettingKey] = [
        .meditationDefaultMinutes, .meditationStartDelaySeconds, .meditationIntervalMinutes, .meditationStartBell,
        .meditationIntervalBell,
        .meditationEndBell, .meditationDayStartsAt, .meditationReminderEnabled, .meditationReminderTime,
        .meditationAmbient, .meditationAmbientVolume, .meditationDuringDoNotDisturb, .meditationDoNotDisturb,
    ]
    public let enabledSetting: SettingKey? = nil
    public let answers = [startAction, skipAction]

    public func occurrences(days: ClosedRange<CivilDate>, in input: RuleInput<Facts>) -> GeneratedOccurrences {
        var found: [(Key, Date)] = []
        let running = input.facts.sessions.filter(\.isRunning)
        for session in running {
            if let sleptAt = Self.sleptAt(session, reading: input.sleep) {
                found.append((.interrupted(session: session.id), max(sleptAt, session.createdAt)))
                continue
            }
            if Self.rings(.meditationStartBell, input.settings) {
                found.append((.start(session: session.id), session.startedAt))
            }
            if session.intervalSeconds > 0, Self.rings(.meditationIntervalBell, input.settings) {
                var number = 1
                while number * session.intervalSeconds < session.plannedSeconds {
                    found.append(
                        (
                            .bell(session: session.id, number: number),
                            session.startedAt.addingTimeInterval(TimeInterval(number * session.intervalSeconds))
                        ))
                    number += 1
                }
            }
            found.append((.end(session: session.id), session.endsAt))
        }
        if running.isEmpty, input.settings.bool(.meditationReminderEnabled) {
            let time = input.settings.time(.meditationReminderTime)
            var day = days.lowerBound
            while day <= days.upperBound {
                if let due = input.clock.instant(on: day, at: time), !Self.practised(on: due, in: input) {
                    found.append((.practice(day: day), due))
                }
                day = day.adding(days: 1)
            }
        }
        return .init(found.map { Occurrence(kind: .meditation, key: $0.0.text, dueAt: $0.1, title: $0.0.title) })
    }

    public func isCurrent(key: String, in input: RuleInput<Facts>) -> Bool {
        guard let parsed = Key(key) else { return false }
        let generated = occurrences(days: Self.days(of: parsed), in: input)
        return generated.dueAt.indices.contains { generated[$0].key == key }
    }

    public func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness {
        let late = now.timeIntervalSince(occurrence.dueAt)
        switch Key(occurrence.key) {
        case .end: return late <= Self.completionShownLate ? .show : .missed
        case .practice:
            return late <= 2 * 3600 && input.clock.date(of: now) == input.clock.date(of: occurrence.dueAt)
                ? .show : .missed
        case .interrupted: return .show
        case .start, .bell, nil: return late <= Self.soundTolerance ? .show : .missed
        }
    }

    public func title(ofKey key: String, in input: RuleInput<Facts>) -> String { Key(key)?.title ?? "Meditation" }

    public func presentation(for occurrence: Occurrence, now: Date, text: BodyText, in input: RuleInput<Facts>)
        -> Presentation?
    {
        guard let key = Key(occurrence.key) else { return nil }
        let onTime = now.timeIntervalSince(occurrence.dueAt) <= Self.soundTolerance
        let session = key.session.flatMap { id in input.facts.sessions.first { $0.id == id } }
        switch key {
        case .start:
            return onTime ? .bell(sound: .meditationStartBell, title: key.title) : nil
        case .bell:
            return onTime ? .bell(sound: .meditationIntervalBell, title: key.title) : nil
        case .end:
            guard let session else { return nil }
            return .notification(Self.completed(session, onTime: onTime, in: input))
        case .interrupted:
            guard let session else { return nil }
            return .notification(Self.interrupted(session, at: occurrence.dueAt))
        case .practice:
            let minutes = input.settings.int(.meditationDefaultMinutes)
            return .notification(
                NotificationContent(
                    title: Self.practiceTitle,
                    body:
                        "A \(minutes)-minute session today? Start it here, or in a terminal: \(SuggestedCommand.meditate)",
                    actions: [
                        NotificationAction(key: Self.startAction, label: "Start \(minutes) min"),
                        NotificationAction(key: Self.skipAction, label: "Not today"),
                    ],
                    category: Self.category, sound: .reminder))
        }
    }

    /// A session's end: how long it was, and the day's total when it was not the first.
    private static func completed(_ session: MeditationSession, onTime: Bool, in input: RuleInput<Facts>)
        -> NotificationContent
    {
        let minutes = Self.minutes(session.plannedSeconds)
        let dayStartsAt = input.settings.time(.meditationDayStartsAt)
        let day = session.streakDay(dayStartsAt: dayStartsAt)
        let others = input.facts.sessions.filter {
            !$0.isRunning && $0.id != session.id && $0.streakDay(dayStartsAt: dayStartsAt) == day
        }
        let total = others.reduce(session.plannedSeconds) { $0 + ($1.actualSeconds ?? 0) }
        let today = others.isEmpty ? "" : " Today: \(Self.minutes(total)) in \(others.count + 1) sessions."
        return NotificationContent(
            title: Self.completeTitle, body: "\(minutes) of meditation.\(today)", actions: [],
            category: Self.category, sound: onTime ? .once(.meditationEndBell) : nil)
    }

    /// A session the computer slept through: how long of it was kept, if any.
    private static func interrupted(_ session: MeditationSession, at dueAt: Date) -> NotificationContent {
        let meditated = min(
            max(Int(dueAt.timeIntervalSince(session.startedAt)), 0), session.plannedSeconds)
        let planned = DurationText.spoken(minutes: max(session.plannedSeconds / 60, 1))
        let kept =
            meditated >= MeditationSession.shortestKept
            ? "\(Self.minutes(meditated)) recorded as interrupted."
            : "Less than a minute in, so nothing was recorded."
        return NotificationContent(
            title: Self.interruptedTitle,
            body: "The computer slept during your \(planned) session. \(kept) No bells rang after it woke.",
            actions: [], urgency: .low, category: Self.category)
    }

    public func changesWhenShown(key: String, dueAt: Date, at instant: Date, clock: WallClock) -> [MeditationChange] {
        changesWhenMissed(key: key, dueAt: dueAt, at: instant)
    }

    /// A session's end or sleep is recorded whether or not anyone saw it.
    public func changesWhenMissed(key: String, dueAt: Date, at now: Date) -> [MeditationChange] {
        switch Key(key) {
        case .end(let session): [MeditationChange.completed(sessionID: session)]
        case .interrupted(let session): [MeditationChange.interrupted(sessionID: session, at: dueAt)]
        default: []
        }
    }

    public func answer(_ answer: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<MeditationChange>
    {
        guard record.action == nil else { return .duplicate }
        guard case .practice = Key(record.key), answers.contains(answer) else {
            return .refused(InputError("this meditation reminder offers no answer '\(answer)'"))
        }
        guard answer == Self.startAction else { return .record(AnswerEffects()) }
        if let running = input.facts.sessions.first(where: \.isRunning) {
            return .refused(
                InputError(
                    "a meditation session is already running (\(running.id.prefix(8))); end it with: \(SuggestedCommand.meditateStop)"
                ))
        }
        let settings = input.settings
        let delay = settings.int(.meditationStartDelaySeconds)
        let planned = settings.int(.meditationDefaultMinutes) * 60
        let interval = settings.int(.meditationIntervalMinutes) * 60
        let offset = input.clock.offset(at: Int(now.timeIntervalSince1970) + delay) / 60
        return .record(
            AnswerEffects(changes: [
                MeditationChange.start(
                    plannedSeconds: planned, intervalSeconds: interval < planned ? interval : 0, delaySeconds: delay,
                    at: now,
                    utcOffsetMinutes: offset, sleep: input.sleep, ambient: settings[.meditationAmbient])
            ]))
    }

    static let category = "x-nudge.meditation"

    /// Where the machine went to sleep during a running session, if it did before its end.
    static func sleptAt(_ session: MeditationSession, reading: SleepReading?) -> Date? {
        guard let reading, let start = session.sleepAtStart, let slept = reading.slept(since: start),
            slept >= SleepReading.noise
        else { return nil }
        // Read at the wake that follows the resume, so the sleep began that long before.
        let sleptAt = reading.readAt.addingTimeInterval(-slept)
        return sleptAt < session.endsAt ? sleptAt : nil
    }

    static func rings(_ bell: SettingKey, _ settings: Settings) -> Bool {
        settings.bool(.soundEnabled) && settings[bell] != "none"
    }

    /// Whether a session was recorded on the streak day of `instant`.
    static func practised(on instant: Date, in input: RuleInput<Facts>) -> Bool {
        let dayStartsAt = input.settings.time(.meditationDayStartsAt)
        let day = MeditationHistory.streakDay(of: instant, clock: input.clock, dayStartsAt: dayStartsAt)
        return input.facts.sessions.contains { !$0.isRunning && $0.streakDay(dayStartsAt: dayStartsAt) == day }
    }

    /// The days whose occurrences include one with this key.
    static func days(of key: Key) -> ClosedRange<CivilDate> {
        if case .practice(let day) = key { return day...day }
        return CivilDate(daysSinceEpoch: 0)...CivilDate(daysSinceEpoch: 0)
    }

    /// `10 minutes`, `1 minute`, `90 seconds` for less than two minutes not whole.
    public static func minutes(_ seconds: Int) -> String {
        seconds < 120 && seconds % 60 != 0 ? "\(seconds) seconds" : DurationText.spoken(minutes: seconds / 60)
    }
}
