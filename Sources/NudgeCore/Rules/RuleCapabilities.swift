import Foundation

/// A rule whose notification replaces the one on screen in place (the dose window's one live
/// notification), and is kept up to date, shown again or closed as its state changes.
public protocol ReplacingRule: ReminderRule {
    /// Of its occurrences due now and missed, which are shown: several due together (after a
    /// restart or a sleep) show the one present state and give up the rest as missed.
    func present(due: [Occurrence], missed: [Occurrence], in input: RuleInput<Facts>) -> (
        due: [Occurrence], missed: [Occurrence]
    )
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

/// A rule whose notification takes typed text where the server allows it (the therapy
/// journal's mood and reflections); recorded as the action `inline-reply`. Other kinds refuse
/// typed text.
public protocol RepliableRule<Change>: ReminderRule {
    associatedtype Change
    /// What the typed text writes, or why it is refused.
    func reply(_ text: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<Change>
}

/// A rule that writes rows of its own when an occurrence is recorded missed (a meditation whose
/// end passed unseen is still completed), in the same transaction.
public protocol MissRecordingRule<Change>: ReminderRule {
    associatedtype Change
    func changesWhenMissed(key: String, dueAt: Date) -> [Change]
}
