import Foundation

/// What the store says that the schedule depends on.
public struct ScheduleInput: Sendable {
    public var settings: Settings
    /// Every owed delivery row, and the settled ones due from two days before the instant asked
    /// about (of the kinds that plan from them).
    public var deliveries: [DeliveryRecord]
    /// Each rule's facts from its app's tables, by kind.
    public var facts: [ReminderKind: any RuleFacts]
    /// When nudge first met the store: nothing due before it is recorded as missed.
    public var storeCreatedAt: Date?
    /// The machine's sleep clock, read with the store (a session slept through ends there).
    public var sleep: SleepReading?

    public init(
        settings: Settings, deliveries: [DeliveryRecord], facts: [ReminderKind: any RuleFacts] = [:],
        storeCreatedAt: Date? = nil
    ) {
        self.settings = settings
        self.deliveries = deliveries
        self.facts = facts
        self.storeCreatedAt = storeCreatedAt
    }

    /// How far back `deliveries` must reach for a plan or listing at an instant.
    public static let lookback: TimeInterval = 2 * 86400
}

extension ReminderRule {
    /// This rule's typed view of a schedule input: its own facts, or empty ones.
    public func input(_ input: ScheduleInput, clock: WallClock) -> RuleInput<Facts> {
        RuleInput(
            facts: input.facts[kind] as? Facts ?? Facts(), settings: input.settings, clock: clock, sleep: input.sleep)
    }

    public func isEnabled(_ input: ScheduleInput) -> Bool { enabledSetting.map(input.settings.bool) ?? true }

    // The same questions asked of `any ReminderRule`, which cannot name `Facts`.

    public func occurrences(days: ClosedRange<CivilDate>, from input: ScheduleInput, clock: WallClock)
        -> GeneratedOccurrences
    {
        occurrences(days: days, in: self.input(input, clock: clock))
    }

    public func isCurrent(key: String, from input: ScheduleInput, clock: WallClock) -> Bool {
        isCurrent(key: key, in: self.input(input, clock: clock))
    }

    public func lateness(of occurrence: Occurrence, now: Date, from input: ScheduleInput, clock: WallClock) -> Lateness
    {
        lateness(of: occurrence, now: now, in: self.input(input, clock: clock))
    }

    public func title(ofKey key: String, from input: ScheduleInput, clock: WallClock) -> String {
        title(ofKey: key, in: self.input(input, clock: clock))
    }

    public func presentation(
        for occurrence: Occurrence, now: Date, text: BodyText, from input: ScheduleInput, clock: WallClock
    ) -> Presentation? {
        presentation(for: occurrence, now: now, text: text, in: self.input(input, clock: clock))
    }

    public func answer(
        _ action: String, to record: DeliveryRecord, at now: Date, from input: ScheduleInput, clock: WallClock
    ) -> AnswerDecision<Change> {
        answer(action, to: record, at: now, in: self.input(input, clock: clock))
    }

}

extension ReplacingRule {
    public func present(
        due: [Occurrence], missed: [Occurrence], from input: ScheduleInput, clock: WallClock
    ) -> (due: [Occurrence], missed: [Occurrence]) {
        present(due: due, missed: missed, in: self.input(input, clock: clock))
    }

    public func screenState(ofKey key: String, from input: ScheduleInput, clock: WallClock) -> ScreenState {
        screenState(ofKey: key, in: self.input(input, clock: clock))
    }
}

extension RepliableRule {
    public func reply(
        _ text: String, to record: DeliveryRecord, at now: Date, from input: ScheduleInput, clock: WallClock
    ) -> AnswerDecision<Change> {
        reply(text, to: record, at: now, in: self.input(input, clock: clock))
    }
}

extension SummarizingRule {
    public func summary(of occurrences: [Occurrence], text: BodyText, from input: ScheduleInput, clock: WallClock)
        -> NotificationContent
    {
        summary(of: occurrences, text: text, in: self.input(input, clock: clock))
    }
}
