import Foundation

/// One kind's rule with the facts its store file read for one plan, listing or answer, typed
/// together: a rule is only ever given facts of its own `Facts` type (a mismatch does not
/// compile). The store builds one per kind it knows; the schedule, the daemon and the answers
/// iterate them and name no kind.
public struct KindInput<Rule: ReminderRule>: PlannedKind {
    public let rule: Rule
    public let facts: Rule.Facts

    public init(_ rule: Rule, facts: Rule.Facts) {
        self.rule = rule
        self.facts = facts
    }
}

/// A ``KindInput`` of any rule: what a list of kinds holds.
public protocol PlannedKind: Sendable {
    associatedtype Rule: ReminderRule
    var rule: Rule { get }
    var facts: Rule.Facts { get }
}

extension PlannedKind {
    public var kind: ReminderKind { rule.kind }

    /// The rule's input: its own facts with the settings, clock and sleep reading of `input`.
    public func ruleInput(_ input: ScheduleInput, clock: WallClock) -> RuleInput<Rule.Facts> {
        RuleInput(facts: facts, settings: input.settings, clock: clock, sleep: input.sleep)
    }

    public func isEnabled(_ input: ScheduleInput) -> Bool { rule.isEnabled(input) }

    public var closesWhenSettledElsewhere: Bool { rule.closesWhenSettledElsewhere }
}

// The questions the schedule and the daemon ask of a kind in a list (`any PlannedKind`), which
// cannot name its `Facts`: each opens the kind, so the rule is asked with its own facts. They
// are here, in one place, because a heterogeneous list of kinds can only be asked through
// signatures without the rule's associated types; a capability a rule lacks answers nil.
extension PlannedKind {
    public func occurrences(days: ClosedRange<CivilDate>, from input: ScheduleInput, clock: WallClock)
        -> GeneratedOccurrences
    {
        rule.occurrences(days: days, in: ruleInput(input, clock: clock))
    }

    public func isCurrent(key: String, from input: ScheduleInput, clock: WallClock) -> Bool {
        rule.isCurrent(key: key, in: ruleInput(input, clock: clock))
    }

    public func lateness(of occurrence: Occurrence, now: Date, from input: ScheduleInput, clock: WallClock) -> Lateness
    {
        rule.lateness(of: occurrence, now: now, in: ruleInput(input, clock: clock))
    }

    public func title(ofKey key: String, from input: ScheduleInput, clock: WallClock) -> String {
        rule.title(ofKey: key, in: ruleInput(input, clock: clock))
    }

    public func presentation(
        for occurrence: Occurrence, now: Date, text: BodyText, from input: ScheduleInput, clock: WallClock
    ) -> Presentation? {
        let presentation = rule.presentation(for: occurrence, now: now, text: text, in: ruleInput(input, clock: clock))
        guard isPrivate, case .notification(var content) = presentation else { return presentation }
        content.isPrivate = true
        return .notification(content)
    }

    /// How a summary of late ones names this one (``ReminderRule/lateName(of:in:)``).
    public func lateName(of occurrence: Occurrence, from input: ScheduleInput, clock: WallClock) -> String {
        rule.lateName(of: occurrence, in: ruleInput(input, clock: clock))
    }

    /// What this one is about (``ReminderRule/subject(ofKey:)``).
    public func subject(ofKey key: String) -> String { rule.subject(ofKey: key) }

    /// Whether this occurrence is recorded missed at its instant, never shown (``MissRecordingRule``).
    public func isDeadline(key: String) -> Bool {
        (rule as? any MissRecordingRule<Rule.Change>)?.isDeadline(key: key) ?? false
    }

    /// Whether its notifications are private (``PrivateRule``).
    public var isPrivate: Bool { rule is any PrivateRule<Rule.Facts> }

    /// What its notification of `key` does while the desktop is in Do Not Disturb
    /// (``DoNotDisturbRule``): a kind without the capability, or one that never keeps this key
    /// waiting, breaks through.
    public func duringDoNotDisturb(key: String, _ input: ScheduleInput) -> DuringDoNotDisturb {
        guard let rule = rule as? any DoNotDisturbRule<Rule.Facts>, rule.mayWait(key: key) else { return .breakThrough }
        return input.settings.duringDoNotDisturb(rule.doNotDisturbSetting)
    }

    /// Whether its notification replaces the one on screen (``ReplacingRule``).
    public var isReplacing: Bool { rule is any ReplacingRule<Rule.Facts> }

    /// Of its occurrences due now and missed, which are shown: as given unless it replaces.
    public func present(due: [Occurrence], missed: [Occurrence], from input: ScheduleInput, clock: WallClock)
        -> (due: [Occurrence], missed: [Occurrence])
    {
        guard let replacing = rule as? any ReplacingRule<Rule.Facts> else { return (due, missed) }
        return replacing.present(due: due, missed: missed, in: ruleInput(input, clock: clock))
    }

    /// The state of its notification on screen; nil for a kind that does not replace.
    public func screenState(ofKey key: String, from input: ScheduleInput, clock: WallClock) -> ScreenState? {
        (rule as? any ReplacingRule<Rule.Facts>)?.screenState(ofKey: key, in: ruleInput(input, clock: clock))
    }

    /// How many due together it shows one by one; nil for a kind that never summarizes.
    public var summaryThreshold: Int? { (rule as? any SummarizingRule<Rule.Facts>)?.summaryThreshold }

    public func summary(of occurrences: [Occurrence], text: BodyText, from input: ScheduleInput, clock: WallClock)
        -> NotificationContent?
    {
        (rule as? any SummarizingRule<Rule.Facts>)?.summary(
            of: occurrences, text: text, in: ruleInput(input, clock: clock))
    }

    /// Why it keeps the computer awake at `now`; nil when it does not (or cannot).
    public func keepAwakeReason(now: Date, from input: ScheduleInput, clock: WallClock) -> String? {
        (rule as? any KeepingAwakeRule<Rule.Facts>)?.keepAwakeReason(now: now, in: ruleInput(input, clock: clock))
    }

    /// Whether it keeps the computer awake at all (``KeepingAwakeRule``).
    public var keepsAwake: Bool { rule is any KeepingAwakeRule<Rule.Facts> }

    public func wakesTheComputer(for occurrence: Occurrence) -> Bool {
        (rule as? any KeepingAwakeRule<Rule.Facts>)?.wakesTheComputer(for: occurrence) ?? false
    }

    /// The alarm it would escalate at `now`; nil for a kind without (``EscalatingRule``).
    public func escalation(now: Date, from input: ScheduleInput, clock: WallClock) -> Escalation? {
        (rule as? any EscalatingRule<Rule.Facts>)?.escalation(now: now, in: ruleInput(input, clock: clock))
    }

    /// Its spans of sound; none for a kind without (``AmbientRule``).
    public func ambiences(from input: ScheduleInput, clock: WallClock) -> [Ambience] {
        (rule as? any AmbientRule<Rule.Facts>)?.ambiences(in: ruleInput(input, clock: clock)) ?? []
    }

    /// Its spans of a quiet desktop; none for a kind without (``QuietingRule``).
    public func quietSpans(from input: ScheduleInput, clock: WallClock) -> [QuietSpan] {
        (rule as? any QuietingRule<Rule.Facts>)?.quietSpans(in: ruleInput(input, clock: clock)) ?? []
    }
}
