import Foundation

/// One kind of reminder, whole: what it is due for, how late it may come, what its notification
/// says, and what each answer writes, as data. Pure: the store reads its `Facts` (its kind's
/// store file in NudgeStore conforms it to `StoredRule`), the daemon shows what it words, and
/// neither knows which kind it is handling.
///
/// Every requirement is asked with a ``RuleInput``: the rule's facts, the settings and the
/// local clock, read in one transaction. A rule never reads the clock or the store itself;
/// `now` is an argument, so the same input at the same instant gives the same answer on any
/// machine, in any zone.
///
/// ``SymptomReminder`` is the worked example of a daily kind: each requirement below shows its
/// line. ``TestAlarm`` is the smallest whole kind (no facts, occurrences only when queued). A
/// kind is registered with its store side in `StoredRules.all` (NudgeStore), which only a rule
/// conforming to `StoredRule` can join, and named in ``ReminderRules/all`` for the settings
/// contract and help. The store hands each plan its kinds as ``KindInput``s, each rule with its
/// own facts.
///
/// Every requirement is required (a kind that leaves one out does not compile) unless its doc
/// names a default; only ``Change`` and ``changesWhenShown(key:dueAt:at:clock:)`` have one.
///
/// The order of calls for one occurrence: a plan asks ``occurrences(days:in:)`` (and
/// ``isCurrent(key:in:)`` for queued ones), then ``lateness(of:now:in:)`` for one found late;
/// the daemon claims what is due in the store, then asks ``presentation(for:now:text:in:)``;
/// the store writes ``changesWhenShown(key:dueAt:at:clock:)`` with "shown"; an answer (a click,
/// or `nudge ack` at a terminal) is decided by ``answer(_:to:at:in:)`` inside the store's write
/// transaction, and its changes are written in that transaction.
///
/// ## Topics
///
/// ### What the kind is
/// - ``kind``
/// - ``name``
/// - ``settingKeys``
/// - ``enabledSetting``
/// - ``answers``
/// - ``Facts``
/// - ``Change``
///
/// ### Planning
/// - ``occurrences(days:in:)``
/// - ``isCurrent(key:in:)``
/// - ``lateness(of:now:in:)``
///
/// ### Showing
/// - ``title(ofKey:in:)``
/// - ``presentation(for:now:text:in:)``
/// - ``lateName(of:in:)``
/// - ``changesWhenShown(key:dueAt:at:clock:)``
///
/// ### Answers
/// - ``answer(_:to:at:in:)``
///
/// ### Capabilities a kind may add
/// - ``ReplacingRule``
/// - ``SummarizingRule``
/// - ``RepliableRule``
/// - ``MissRecordingRule``
/// - ``KeepingAwakeRule``
/// - ``QuietingRule``
/// - ``AmbientRule``
/// - ``EscalatingRule``
/// - ``PrivateRule``
public protocol ReminderRule: Sendable {
    /// What the rule plans from in its app's tables (a dose session, the contacts, the day's
    /// diary entries), read by its kind's store file in the plan's transaction. `Facts()` when
    /// that file read nothing (a store another program shaped): a rule plans from empty facts
    /// without failing. Read for every plan, listing and answer (for an answer, inside its
    /// write transaction). No default.
    ///
    /// ```swift
    /// public struct Facts: RuleFacts { public var entries: [SymptomEntry] }
    /// ```
    associatedtype Facts: RuleFacts
    /// The rows it writes in its app's tables (`NoChange` for none): its store file writes
    /// this type, so a kind that cannot have its changes written does not compile. Default:
    /// ``NoChange``.
    ///
    /// ```swift
    /// // SymptomReminder writes no rows of its own: it keeps the default, NoChange
    /// ```
    associatedtype Change: AppChange = NoChange

    /// The value of the store's `kind` column for its deliveries; stored, so never renamed.
    /// Read when a delivery row is written and whenever one is matched to its rule (a plan, a
    /// listing, an answer). No default.
    ///
    /// ```swift
    /// public let kind = ReminderKind.symptom  // "symptom"
    /// ```
    var kind: ReminderKind { get }
    /// How help text and refusals name the kind ("dose 2"), lower case. Read by `--help`,
    /// `nudge ack` and refusals, never by a plan. No default.
    ///
    /// ```swift
    /// public let name = "symptom"
    /// ```
    var name: String { get }
    /// Its keys of the settings contract, in the order `nudge settings` lists them. Each key is
    /// declared beside the rule (`extension SettingKey`), with its type and default. Read once,
    /// into the contract's list of every key (`SettingKey.all`). No default.
    ///
    /// ```swift
    /// public let settingKeys: [SettingKey] = [.symptomReminderEnabled, .symptomReminderTime, .symptomSnoozeMinutes]
    /// ```
    var settingKeys: [SettingKey] { get }
    /// The key that turns the whole kind on or off; nil for a kind that is always on. Read by
    /// the schedule, keep-awake and ambience before asking the rule anything else. No default:
    /// nil is said, not assumed.
    ///
    /// ```swift
    /// public let enabledSetting: SettingKey? = .symptomReminderEnabled
    /// ```
    var enabledSetting: SettingKey? { get }
    /// The answers its notifications offer, in the order they are offered (the action keys);
    /// `nudge ack` and a button may give only these. Read when the word of an answer is
    /// matched to one of them (a button's label or id at `nudge ack`) and by its help. No
    /// default.
    ///
    /// ```swift
    /// public let answers = [doneAction, snoozeAction]  // "done", "snooze"
    /// ```
    var answers: [String] { get }

    /// The occurrences generated on these local days, in generation order. Called by every plan
    /// and every listing (`upcoming`) for the days around the instant asked about, so it must
    /// be cheap: build keys and titles lazily (``GeneratedOccurrences``) when there are
    /// thousands. Queued occurrences (snoozes, one-offs) come from delivery rows, not from
    /// here. A key names one occurrence for good: the store shows each key once. No default.
    ///
    /// ```swift
    /// // one a day at symptom.reminder_time, keyed by the day: "symptom:2026-11-26"
    /// clock.instant(on: day, at: time).map { Occurrence(kind: .symptom, key: key(for: day), dueAt: $0, title: title) }
    /// ```
    func occurrences(days: ClosedRange<CivilDate>, in input: RuleInput<Facts>) -> GeneratedOccurrences
    /// Whether a queued occurrence (a snooze, a "tomorrow") still has its reason. Called by
    /// plans and listings for each owed delivery row of the kind; an owed one that has not is
    /// withdrawn (cancelled, never shown). No default.
    ///
    /// ```swift
    /// public func isCurrent(key: String, in input: RuleInput<Facts>) -> Bool { true }  // a snooze always stands
    /// ```
    func isCurrent(key: String, in input: RuleInput<Facts>) -> Bool
    /// Past ``Lateness/onTimeGrace``, whether an occurrence is still shown (`.show`) or recorded
    /// as missed. Called by a plan for each occurrence it finds late (the computer slept, the
    /// daemon was stopped). No default: every kind says what a late one is worth, since a
    /// reminder of yesterday shown on a brand-new store is noise, and an alarm recorded missed
    /// is a harm.
    ///
    /// ```swift
    /// // the same local day and at most four hours late; a diary prompt the next morning is noise
    /// late <= 4 * 3600 && input.clock.date(of: now) == input.clock.date(of: occurrence.dueAt) ? .show : .missed
    /// ```
    func lateness(of occurrence: Occurrence, now: Date, in input: RuleInput<Facts>) -> Lateness
    /// The title of a queued occurrence, from its key: a delivery row written by a snooze has
    /// a key and no title. Called by plans and listings. No default.
    ///
    /// ```swift
    /// key.contains(":snooze:") ? "\(Self.title) (snoozed)" : Self.title
    /// ```
    func title(ofKey key: String, in input: RuleInput<Facts>) -> String
    /// How an occurrence reaches the person at `now`: a notification, or a bell heard and not
    /// seen; nil when it no longer applies (it is then withdrawn, not shown). Called by the
    /// daemon after the occurrence is claimed in the store (so never twice for one key), and
    /// again to re-word a notification on screen (a server that restarted, a ringing alarm
    /// resumed). `text` says what markup the server takes. No default.
    ///
    /// ```swift
    /// .notification(Self.notification(day: day, today: clock.date(of: now), entries: entries, settings: input.settings, text: text))
    /// ```
    func presentation(for occurrence: Occurrence, now: Date, text: BodyText, in input: RuleInput<Facts>)
        -> Presentation?
    /// How a summary of what came due while the computer was off names a late occurrence
    /// (``LateSummary``), lower case, never with private text: "the symptom check", "a call
    /// with Sam". Called by the daemon for each one it summarizes. Default: "a NAME reminder".
    ///
    /// ```swift
    /// public func lateName(of occurrence: Occurrence, in input: RuleInput<Facts>) -> String { "the symptom check" }
    /// ```
    func lateName(of occurrence: Occurrence, in input: RuleInput<Facts>) -> String
    /// Whom or what an occurrence is about, for a summary that names each once: occurrences
    /// with one subject (a one-off and a cadence call with one contact) are one line. Called by
    /// the daemon's summaries. Default: its key, each its own.
    ///
    /// ```swift
    /// Key(key).map { "contact \($0.contactIdentity)" } ?? key  // CallReminder
    /// ```
    func subject(ofKey key: String) -> String
    /// Rows written in the same transaction as "shown" (a call cadence counts again from the
    /// day it was shown). Called once per delivery, when the server accepted it; not when it
    /// is shown again. Default: none.
    ///
    /// ```swift
    /// // the symptom check writes nothing when shown: it keeps the default
    /// ```
    func changesWhenShown(key: String, dueAt: Date, at instant: Date, clock: WallClock) -> [Change]
    /// Whether its notification on screen, unanswered, is closed once ``isCurrent(key:in:)``
    /// says its reason is gone: settled another way (a call logged with `nudge call log`, the
    /// mood recorded with `nudge journal edit`), its buttons would ask for what is done. Read
    /// by the daemon after each plan; history then says "answered otherwise". Default: false.
    ///
    /// ```swift
    /// public let closesWhenSettledElsewhere = true  // CallReminder
    /// ```
    var closesWhenSettledElsewhere: Bool { get }
    /// What an answer to a shown occurrence writes, or why it is refused. `answer` is one of
    /// ``answers`` as the button's key gives it, or as `nudge ack` found it from a label (any
    /// other word is refused); the store records it in the delivery's `action` column. Called
    /// inside the store's write transaction, with facts read in it, for a click and for `nudge
    /// ack` alike; what it returns is written in that transaction or not at all. `.duplicate`
    /// when the delivery already has its answer (the first one wins). No default.
    ///
    /// ```swift
    /// guard record.action == nil else { return .duplicate }
    /// // snooze: one more occurrence; done: the day's pending snooze is cancelled
    /// return .record(AnswerEffects(followUp: .init(kind: .symptom, keyPrefix: snoozePrefix(for: day), dueAt: due)))
    /// ```
    func answer(_ answer: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<Change>
}

extension ReminderRule {
    public func lateName(of occurrence: Occurrence, in input: RuleInput<Facts>) -> String { "a \(name) reminder" }

    public func subject(ofKey key: String) -> String { key }

    public func changesWhenShown(key: String, dueAt: Date, at instant: Date, clock: WallClock) -> [Change] { [] }

    public var closesWhenSettledElsewhere: Bool { false }
}
