import Foundation

/// One kind of reminder, whole: what it is due for, how late it may come, what its notification
/// says, and what each answer writes, as data. Pure: the store reads its `Facts` (its kind's
/// store file in NudgeStore conforms it to `StoredRule`), the daemon shows what it words, and
/// neither knows which kind it is handling.
///
/// Every requirement is asked with a `RuleInput`: the rule's facts, the settings and the local
/// clock, read in one transaction. A rule never reads the clock or the store itself; `now` is
/// an argument, so the same input at the same instant gives the same answer on any machine.
///
/// `TestAlarm` is the smallest whole kind (no facts, one occurrence, one answer) and the one to
/// copy. A kind is registered once, in `ReminderRules.all`, and again with its store side in
/// `StoredRules.all` (NudgeStore), which only a rule conforming to `StoredRule` can join.
///
/// ```swift
/// public struct TestAlarm: ReminderRule {
///     public struct Facts: RuleFacts { public init() {} }
///     public let kind = ReminderKind.alarmTest
///     public func occurrences(days: ClosedRange<CivilDate>, in input: RuleInput<Facts>) -> GeneratedOccurrences {
///         .init([])  // only ever queued by `nudge test-alarm`
///     }
///     // isCurrent, title, presentation and answer as in TestAlarm.swift; no Change (NoChange)
/// }
/// ```
///
/// ## Topics
///
/// ### What the kind is
/// - ``kind``, ``name``, ``settingKeys``, ``enabledSetting``, ``answers``
/// - ``Facts``: what it reads; ``Change``: what it writes in its app's tables
///
/// ### Planning
/// - ``occurrences(days:in:)``: what falls due on some days
/// - ``isCurrent(key:in:)``: whether a queued occurrence still has its reason
/// - ``lateness(of:now:in:)``: shown late, or recorded as missed (default: shown)
///
/// ### Showing
/// - ``title(ofKey:in:)``, ``presentation(for:now:text:in:)``
/// - ``changesWhenShown(key:dueAt:at:clock:)``: rows written with "shown" (default: none)
///
/// ### Answers
/// - ``answer(_:to:at:in:)``
///
/// ### Capabilities a kind may add
/// - ``ReplacingRule``: one live notification, kept to the present state
/// - ``SummarizingRule``: many due at once make one notification
/// - ``RepliableRule``: text typed into the notification
/// - ``MissRecordingRule``: rows written when an occurrence is recorded missed
/// - ``KeepingAwakeRule``: holds the computer awake while it matters
public protocol ReminderRule: Sendable {
    /// What the rule plans from in its app's tables (a dose session, the contacts), read by
    /// its kind's store file; `Facts()` when that file read nothing.
    associatedtype Facts: RuleFacts
    /// The rows it writes in its app's tables (`NoChange` for none): its store file writes
    /// this type, so a kind that cannot have its changes written does not compile.
    associatedtype Change: AppChange = NoChange

    /// The value of the store's `kind` column for its deliveries.
    var kind: ReminderKind { get }
    /// How help text names the kind ("dose 2").
    var name: String { get }
    /// Its keys of the settings contract, in the order `nudge settings` lists them.
    var settingKeys: [SettingKey] { get }
    /// The key that turns the whole kind on or off; nil for a kind that is always on.
    var enabledSetting: SettingKey? { get }
    /// The answers its notifications offer, in the order they are offered; `nudge ack` and a
    /// button may give only these.
    var answers: [String] { get }

    /// The occurrences generated on these local days, in generation order. Called by every
    /// plan and listing for the days around the instant asked about; queued occurrences
    /// (snoozes, one-offs) come from delivery rows, not from here.
    func occurrences(days: ClosedRange<CivilDate>, in input: RuleInput<Facts>) -> GeneratedOccurrences
    /// Whether a queued occurrence (a snooze, a "tomorrow") still has its reason; an owed one
    /// that has not is withdrawn.
    func isCurrent(key: String, in input: RuleInput<Facts>) -> Bool
    /// Past its grace, whether an occurrence is still shown (`.show`) or recorded as missed.
    func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness
    /// The title of a queued occurrence, from its key.
    func title(ofKey key: String, in input: RuleInput<Facts>) -> String
    /// How an occurrence reaches the person at `now`: a notification, or a bell heard and not
    /// seen; nil when it no longer applies (it is then withdrawn, not shown).
    func presentation(for occurrence: Occurrence, now: Date, text: BodyText, in input: RuleInput<Facts>)
        -> Presentation?
    /// Rows written in the same transaction as "shown" (a cadence counts again from that day).
    func changesWhenShown(key: String, dueAt: Date, at instant: Date, clock: WallClock) -> [Change]
    /// What an answer to a shown occurrence writes, or why it is refused; `.duplicate` when
    /// the delivery already has its answer (the first one wins).
    func answer(_ action: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<Change>
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

extension ReminderRule {
    public func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness { .show }

    public func changesWhenShown(key: String, dueAt: Date, at instant: Date, clock: WallClock) -> [Change] { [] }
}
