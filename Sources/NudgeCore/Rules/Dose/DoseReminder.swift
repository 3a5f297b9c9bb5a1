import Foundation

extension ReminderKind {
    public static let dose2 = ReminderKind(rawValue: "dose2")
}

extension SettingKey {
    public static let doseNotificationsEnabled = SettingKey("dose.notifications_enabled", .boolean, default: "true")
    public static let doseTargetIntervalMinutes = SettingKey(
        "dose.target_interval_minutes", .choice([165, 180, 195, 210, 225]), default: "165")
    public static let doseSnoozeDurationMinutes = SettingKey(
        "dose.snooze_duration_minutes", .integer(1...30), default: "10")
    public static let doseMaxSnoozes = SettingKey("dose.max_snoozes", .integer(0...10), default: "3")
    public static let doseWindowOpenAlert = SettingKey("dose.window_open_alert", .boolean, default: "true")
    public static let doseFifteenMinuteWarning = SettingKey("dose.fifteen_min_warning", .boolean, default: "true")
    public static let doseFiveMinuteWarning = SettingKey("dose.five_min_warning", .boolean, default: "true")
    public static let sessionRolloverHour = SettingKey("session.rollover_hour", .integer(0...23), default: "18")
    public static let doseAlarmSound = SettingKey("dose.alarm_sound", .sound, default: "alarm-clock-elapsed")
    public static let doseAlarmRingMinutes = SettingKey("dose.alarm_ring_minutes", .integer(1...30), default: "5")
}

/// The dose-2 window's alerts (DoseTap's schedule): window open, pre-alarm, alarm, follow-ups,
/// 15 and 5 minutes left, and the slept-through record. Its one notification replaces itself.
public struct DoseReminder: ReplacingRule {
    public struct Facts: RuleFacts {
        /// The tracker's current session, when dose 1 is recorded.
        public var session: DoseSession?
        /// A notification of this session is on screen: a snooze updates it at once.
        public var notificationOnScreen: Bool

        public init() { self.init(session: nil) }

        public init(session: DoseSession?, notificationOnScreen: Bool = false) {
            self.session = session
            self.notificationOnScreen = notificationOnScreen
        }
    }

    public init() {}

    public let kind = ReminderKind.dose2
    public let name = "dose 2"
    public let settingKeys: [SettingKey] = [
        .doseNotificationsEnabled, .doseTargetIntervalMinutes, .doseSnoozeDurationMinutes, .doseMaxSnoozes,
        .doseWindowOpenAlert,
        .doseFifteenMinuteWarning, .doseFiveMinuteWarning, .sessionRolloverHour, .doseAlarmSound, .doseAlarmRingMinutes,
        .doseEscalateAfterMinutes, .doseDuringDoNotDisturb,
    ]
    public let enabledSetting: SettingKey? = .doseNotificationsEnabled
    public let answers = [
        DoseAnswer.takeAction, DoseAnswer.skipAction, DoseAnswer.snoozeAction, DoseAnswer.missedAction,
    ]

    public func occurrences(days: ClosedRange<CivilDate>, in input: RuleInput<Facts>) -> GeneratedOccurrences {
        .init(input.facts.session.map { Self.occurrences(for: $0, settings: input.settings) } ?? [])
    }

    /// A queued dose occurrence counts only while its session is the open one.
    public func isCurrent(key: String, in input: RuleInput<Facts>) -> Bool {
        guard let session = input.facts.session, !session.isCompleted else { return false }
        return Self.alert(ofKey: key, in: session) != nil
    }

    /// Shown however late while its session is open: the present state of the window (which
    /// `present` picks among those due together) is what the person must see after a sleep.
    public func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness { .show }

    public func title(ofKey key: String, in input: RuleInput<Facts>) -> String {
        input.facts.session.flatMap { Self.alert(ofKey: key, in: $0) }.map(Self.title) ?? "Dose 2"
    }

    /// Several alerts due at once (after a restart or a sleep) show the present state once;
    /// past the "not recorded" instant, no earlier alert is the present state.
    public func present(due: [Occurrence], missed: [Occurrence], in input: RuleInput<Facts>) -> (
        due: [Occurrence], missed: [Occurrence]
    ) {
        let session = input.facts.session
        let unresolved = (due + missed).contains { Self.isNotRecorded($0, in: session) }
        let present = unresolved ? due.first { Self.isNotRecorded($0, in: session) } : Self.present(due, in: session)
        return (due.filter { $0 == present }, missed + due.filter { $0 != present })
    }

    public func presentation(for occurrence: Occurrence, now: Date, text: BodyText, in input: RuleInput<Facts>)
        -> Presentation?
    {
        guard let session = input.facts.session, let alert = Self.alert(ofKey: occurrence.key, in: session) else {
            return nil
        }
        return .notification(
            Self.notification(alert, session: session, settings: input.settings, now: now, clock: input.clock))
    }

    public func screenState(ofKey key: String, in input: RuleInput<Facts>) -> ScreenState {
        isCurrent(key: key, in: input) ? .current : .finished
    }

    public func answer(_ answer: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<DoseEvent>
    {
        guard let dose = DoseAnswer(action: answer, at: now) else {
            return .refused(InputError("'\(answer)' is not a dose answer"))
        }
        return Self.decide(dose, answering: record, in: input)
    }

    public enum Alert: String, Sendable, CaseIterable {
        case windowOpen = "window_open"
        case preAlarm = "pre_alarm"
        case alarm
        case followUp = "follow_up"
        case fifteenMinutes = "fifteen_min"
        case fiveMinutes = "five_min"
        /// Half an hour after the close with nothing recorded: the person is asked; nothing is
        /// recorded for them.
        case notRecorded = "not_recorded"
        /// Shown at once after a snooze, to update the notification on screen.
        case snoozed

        /// Which one is shown when several are due at once (the alarm over the 15-minute warning).
        var rank: Int {
            switch self {
            case .windowOpen: 0
            case .preAlarm: 1
            case .snoozed: 2
            case .followUp: 3
            case .fifteenMinutes: 4
            case .fiveMinutes: 5
            case .alarm: 6
            case .notRecorded: 7
            }
        }
    }

    public static func prefix(_ session: DoseSession) -> String { "dose2:\(session.sessionID):" }

    /// The alert an occurrence key names, when it belongs to this session.
    public static func alert(ofKey key: String, in session: DoseSession) -> Alert? {
        guard key.hasPrefix(prefix(session)) else { return nil }
        let rest = key.dropFirst(prefix(session).count)
        return Alert(rawValue: String(rest.prefix { $0 != ":" }))
    }

    public static func snoozedPrefix(_ session: DoseSession) -> String {
        prefix(session) + Alert.snoozed.rawValue + ":"
    }

    /// Whether an occurrence is this session's "not recorded" prompt.
    public static func isNotRecorded(_ occurrence: Occurrence, in session: DoseSession?) -> Bool {
        session.flatMap { alert(ofKey: occurrence.key, in: $0) } == .notRecorded
    }

    /// Every alert still to come for an open session; none once dose 2 is taken or skipped.
    ///
    /// Keys carry the snooze count, so a snooze makes the moved pre-alarm, alarm and follow-ups
    /// new occurrences while the ones already shown stay settled.
    public static func occurrences(for session: DoseSession, settings: Settings) -> [Occurrence] {
        guard !session.isCompleted else { return [] }
        let window = DoseWindow(session: session, settings: settings)
        let base = prefix(session)
        let snoozes = session.snoozeCount
        var occurrences: [Occurrence] = []
        func add(_ alert: Alert, _ suffix: String, _ due: Date) {
            occurrences.append(
                Occurrence(kind: .dose2, key: base + alert.rawValue + suffix, dueAt: due, title: title(alert)))
        }
        if settings.bool(.doseWindowOpenAlert) { add(.windowOpen, "", window.opensAt) }
        // The alarm and what leads to it or follows it, only while the window is open.
        for (alert, offset, suffix) in [
            (Alert.preAlarm, -5, ""), (.alarm, 0, ""), (.followUp, 2, ":2"), (.followUp, 4, ":4"), (.followUp, 6, ":6"),
        ] {
            let due = window.targetAt.addingTimeInterval(TimeInterval(offset * 60))
            if due < window.closesAt { add(alert, ":\(snoozes)\(suffix)", due) }
        }
        if settings.bool(.doseFifteenMinuteWarning) { add(.fifteenMinutes, "", window.nearCloseAt) }
        if settings.bool(.doseFiveMinuteWarning) { add(.fiveMinutes, "", window.closesAt.addingTimeInterval(-5 * 60)) }
        add(.notRecorded, "", window.unresolvedAt)
        return occurrences
    }

    /// Of several dose alerts due at once (the daemon was off, the machine slept), the one that
    /// shows the present state; the rest are given up.
    public static func present(_ due: [Occurrence], in session: DoseSession?) -> Occurrence? {
        due.max { lhs, rhs in
            if lhs.dueAt != rhs.dueAt { return lhs.dueAt < rhs.dueAt }
            return rank(lhs, session) < rank(rhs, session)
        }
    }

    private static func rank(_ occurrence: Occurrence, _ session: DoseSession?) -> Int {
        session.flatMap { alert(ofKey: occurrence.key, in: $0) }?.rank ?? -1
    }

    public static func title(_ alert: Alert) -> String {
        switch alert {
        case .windowOpen: "Dose 2 window is open"
        case .preAlarm: "Dose 2 in 5 minutes"
        case .alarm: "Time for dose 2"
        case .followUp: "Dose 2 is due"
        case .fifteenMinutes: "15 minutes left for dose 2"
        case .fiveMinutes: "5 minutes left for dose 2"
        case .notRecorded: "Dose 2 not recorded"
        case .snoozed: "Dose 2 snoozed"
        }
    }

    /// `title`, with the minutes as they are now for an alert shown late (a daemon started 30 s
    /// before the alarm showed "Dose 2 in 5 minutes").
    static func presentTitle(_ alert: Alert, window: DoseWindow, now: Date) -> String {
        func minutes(until instant: Date) -> String {
            let count = Int((instant.timeIntervalSince(now) / 60).rounded(.up))
            return count <= 0 ? "under a minute" : count == 1 ? "1 minute" : "\(count) minutes"
        }
        switch alert {
        case .preAlarm: return "Dose 2 in \(minutes(until: window.targetAt))"
        case .fifteenMinutes, .fiveMinutes: return "\(minutes(until: window.closesAt)) left for dose 2"
        default: return title(alert)
        }
    }

    /// The notification for an alert, worded for the present moment: the window's close time in
    /// local time and the minutes left.
    public static func notification(
        _ alert: Alert, session: DoseSession, settings: Settings, now: Date, clock: WallClock
    ) -> NotificationContent {
        let window = DoseWindow(session: session, settings: settings)
        let close = clock.timeOfDay(window.closesAt)
        if alert == .notRecorded { return notRecordedPrompt(window, clock: clock) }
        let left = Int((window.closesAt.timeIntervalSince(now) / 60).rounded(.up))
        let phase = window.phase(at: now)
        let heading: String
        let body: String
        switch phase {
        case .closed, .unresolved:
            heading = "Dose 2 window has closed"
            body = "It closed at \(close). Take dose 2 late or skip it."
        default:
            heading = presentTitle(alert, window: window, now: now)
            let lead: String
            switch alert {
            case .windowOpen, .preAlarm: lead = "Alarm at \(clock.timeOfDay(window.targetAt)). "
            case .snoozed:
                lead =
                    "Alarm moved to \(clock.timeOfDay(window.targetAt)) (snooze \(session.snoozeCount) of \(settings.int(.doseMaxSnoozes))). "
            default: lead = ""
            }
            body = "\(lead)The window closes at \(close) (\(left) min left)."
        }
        var actions = [
            NotificationAction(key: DoseAnswer.takeAction, label: "Take dose 2"),
            NotificationAction(key: DoseAnswer.skipAction, label: "Skip dose 2"),
        ]
        if window.snoozeRefusal(at: now) == nil {
            actions.append(
                NotificationAction(
                    key: DoseAnswer.snoozeAction, label: "Snooze \(settings.int(.doseSnoozeDurationMinutes)) min"))
        }
        let open = phase != .closed && phase != .unresolved
        let critical = open && (alert == .alarm || alert == .fiveMinutes)
        return NotificationContent(
            title: heading, body: body, actions: actions, urgency: critical ? .critical : .normal,
            category: "x-nudge.dose2",
            resident: true, sound: open ? sound(of: alert) : nil)
    }

    /// The alarm, its follow-ups and the 5-minute warning ring; the window opening, the
    /// pre-alarm and the 15-minute warning make the gentle sound; a snooze's update is silent.
    static func sound(of alert: Alert) -> NotificationSound? {
        switch alert {
        case .alarm, .followUp, .fiveMinutes:
            .alarm(sound: .doseAlarmSound, ringMinutes: .doseAlarmRingMinutes, offersAwake: true)
        case .windowOpen, .preAlarm, .fifteenMinutes: .reminder
        case .snoozed, .notRecorded: nil
        }
    }

    /// Asks, without a sound, and records nothing until the person answers: `missed`, or a dose
    /// taken at a known time from the command line.
    static func notRecordedPrompt(_ window: DoseWindow, clock: WallClock) -> NotificationContent {
        let opens = clock.timeOfDay(window.opensAt)
        let close = clock.timeOfDay(window.closesAt)
        return NotificationContent(
            title: title(.notRecorded),
            body:
                "Neither dose 2 nor a skip is recorded; the window was \(opens)-\(close). If you took it, record when: "
                + "\(SuggestedCommand.doseSecondAt) (after \(close) it is marked late). If you did not, record it as missed.",
            actions: [NotificationAction(key: DoseAnswer.missedAction, label: "I missed it")],
            category: "x-nudge.dose2", resident: true)
    }
}
