import Foundation

/// One kind of reminder, whole: what it is due for, how late it may come, what its notification
/// says, and what each answer writes. Pure: the store reads its `Facts`, the daemon shows what it
/// words, and neither knows which kind it is handling.
public protocol ReminderRule: Sendable {
    /// What the rule plans from in its app's tables (a dose session, the contacts), read by
    /// its kind's store file.
    associatedtype Facts: RuleFacts

    var kind: ReminderKind { get }
    /// How help text names the kind ("dose 2").
    var name: String { get }
    /// Its keys of the settings contract, in the order `nudge settings` lists them.
    var settingKeys: [SettingKey] { get }
    /// The key that turns the whole kind on or off; nil for a kind that is always on.
    var enabledSetting: SettingKey? { get }
    /// The answers its notifications offer, in the order they are offered.
    var answers: [String] { get }
    /// Whether its settled delivery rows of the last days are part of the plan's input. A kind
    /// whose own rows say what was shown (a cadence restarts when shown) leaves them out.
    var plansFromSettledDeliveries: Bool { get }

    /// The occurrences generated on these days, in generation order.
    func occurrences(days: ClosedRange<CivilDate>, in input: RuleInput<Facts>) -> GeneratedOccurrences
    /// Whether a queued occurrence (a snooze, a "tomorrow") still has its reason.
    func isCurrent(key: String, in input: RuleInput<Facts>) -> Bool
    func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness
    /// The title of a queued occurrence, from its key.
    func title(ofKey key: String, in input: RuleInput<Facts>) -> String
    /// Of its occurrences due now and missed, which are shown: several due together may show
    /// one present state and give up the rest.
    func present(due: [Occurrence], missed: [Occurrence], in input: RuleInput<Facts>) -> (
        due: [Occurrence], missed: [Occurrence]
    )
    /// The notification for an occurrence at `now`, or nil when it no longer applies.
    func content(for occurrence: Occurrence, now: Date, text: BodyText, in input: RuleInput<Facts>)
        -> NotificationContent?
    /// Rows written in the same transaction as "shown" (a cadence counts again from that day).
    func changesWhenShown(key: String, dueAt: Date, at instant: Date, clock: WallClock) -> [any AppChange]
    /// Rows written in the same transaction as "missed" (a session whose end passed unseen is
    /// still completed).
    func changesWhenMissed(key: String, dueAt: Date) -> [any AppChange]
    /// What an answer to a shown occurrence writes, or why it is refused.
    func answer(_ action: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>) -> AnswerDecision
    /// What text typed into its notification writes (recorded as the action `inline-reply`).
    func reply(_ text: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>) -> AnswerDecision
}

/// A rule's facts; empty when its store file read nothing (a store another program shaped).
public protocol RuleFacts: Sendable {
    init()
}

/// What a rule decides from: its facts, the settings and the local clock.
public struct RuleInput<Facts: RuleFacts>: Sendable {
    public var facts: Facts
    public var settings: Settings
    public var clock: WallClock
    /// The machine's sleep clock when the input was read; nil where nothing reads it.
    public var sleep: SleepReading?

    public init(facts: Facts, settings: Settings, clock: WallClock, sleep: SleepReading? = nil) {
        self.facts = facts
        self.settings = settings
        self.clock = clock
        self.sleep = sleep
    }
}

/// A rule whose notification replaces the one on screen in place (the dose window's one live
/// notification), and is kept up to date, shown again or closed as its state changes.
public protocol ReplacingRule: ReminderRule {
    /// Whether its notification on screen still shows the present state, or is finished and
    /// closed.
    func screenState(ofKey key: String, in input: RuleInput<Facts>) -> ScreenState
}

/// A rule whose occurrences, many due at once, make one notification instead of a flood.
public protocol SummarizingRule: ReminderRule {
    /// More due at once than this are summarized.
    var summaryThreshold: Int { get }
    func summary(of occurrences: [Occurrence], text: BodyText, in input: RuleInput<Facts>) -> NotificationContent
}

/// What the daemon does with a replacing notification still on screen.
public enum ScreenState: Sendable, Equatable {
    /// Shows the present state: shown again if the server lost it.
    case current
    /// Its reason is gone (dose 2 recorded): closed.
    case finished
}

extension ReminderRule {
    public var plansFromSettledDeliveries: Bool { true }

    public func present(due: [Occurrence], missed: [Occurrence], in input: RuleInput<Facts>) -> (
        due: [Occurrence], missed: [Occurrence]
    ) {
        (due, missed)
    }

    public func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness { .show }

    public func changesWhenShown(key: String, dueAt: Date, at instant: Date, clock: WallClock) -> [any AppChange] { [] }

    public func changesWhenMissed(key: String, dueAt: Date) -> [any AppChange] { [] }

    public func reply(_ text: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision
    {
        .refused(InputError("a \(name) reminder takes no typed answer"))
    }
}
