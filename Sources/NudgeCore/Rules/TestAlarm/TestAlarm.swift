import Foundation

extension ReminderKind {
    public static let alarmTest = ReminderKind(rawValue: "alarm_test")
}

/// The dose-2 alarm, rung on request (`nudge dose test-alarm`), as DoseTap's one-minute test
/// alarm in Settings: the same sound, urgency and residence, one action `stop`, and no dose row.
/// Its occurrences are only the ones the command queues.
public struct TestAlarm: ReminderRule {
    public struct Facts: RuleFacts {
        public init() {}
    }

    public static let stopAction = "stop"
    public static let title = "Test alarm"

    public init() {}

    public let kind = ReminderKind.alarmTest
    public let name = "test alarm"
    public let settingKeys: [SettingKey] = []
    public let enabledSetting: SettingKey? = nil
    public let answers = [stopAction]

    /// A queued test alarm's key: unique, so two requests ring twice.
    public static func key(_ identifier: String) -> String { "alarm_test:\(identifier)" }

    public func occurrences(days: ClosedRange<CivilDate>, in input: RuleInput<Facts>) -> GeneratedOccurrences {
        .init([])
    }

    public func isCurrent(key: String, in input: RuleInput<Facts>) -> Bool { true }

    /// A test alarm rings when asked or not at all: one found later than the grace is given up.
    public func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness { .missed }

    public func title(ofKey key: String, in input: RuleInput<Facts>) -> String { Self.title }

    public func presentation(for occurrence: Occurrence, now: Date, text: BodyText, in input: RuleInput<Facts>)
        -> Presentation?
    {
        .notification(
            NotificationContent(
                title: Self.title, body: "This is how the dose-2 alarm rings. Nothing is recorded.",
                actions: [NotificationAction(key: Self.stopAction, label: "Stop")], urgency: .critical,
                category: "x-nudge.dose2", resident: true,
                sound: .alarm(sound: .doseAlarmSound, ringMinutes: .doseAlarmRingMinutes, offersAwake: false)))
    }

    public func answer(_ answer: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<NoChange>
    {
        record.action == nil ? .record(AnswerEffects()) : .duplicate
    }
}

extension TestAlarm: KeepingAwakeRule {
    /// A test is made by a person at the computer: nothing to keep awake for.
    public func keepAwakeReason(now: Date, in input: RuleInput<Facts>) -> String? { nil }

    /// It rings as the dose-2 alarm does, so it wakes a suspended computer as that would: a
    /// person can try the night's path with a test alarm and a suspend.
    public func wakesTheComputer(for occurrence: Occurrence) -> Bool { true }
}
