import Foundation

/// A rule whose notification replaces the one on screen in place (the dose window's one live
/// notification), and is kept up to date, shown again or closed as its state changes.
public protocol ReplacingRule<Facts>: ReminderRule {
    /// The rule's ``ReminderRule/Facts``, named again so that a kind's input can ask for this
    /// capability of the facts it holds (`any ReplacingRule<Rule.Facts>`).
    associatedtype Facts
    /// Of its occurrences due now and missed, which are shown. Called by a plan once it found
    /// what is due: several due together (after a restart or a sleep) show the one present
    /// state and give up the rest as missed. No default; a kind whose notifications each stand
    /// alone (SymptomReminder) does not conform.
    ///
    /// ```swift
    /// // DoseReminder: of the window open alert, the pre-alarm and the alarm due at once, the alarm
    /// let present = Self.present(due, in: session)
    /// ```
    func present(due: [Occurrence], missed: [Occurrence], in input: RuleInput<Facts>) -> (
        due: [Occurrence], missed: [Occurrence]
    )
    /// Whether its notification on screen still shows the present state, or is finished and
    /// closed. Called after every plan for the kind's latest notification on screen, and before
    /// a ringing alarm is resumed. No default.
    ///
    /// ```swift
    /// isCurrent(key: key, in: input) ? .current : .finished  // DoseReminder: until dose 2 or a skip
    /// ```
    func screenState(ofKey key: String, in input: RuleInput<Facts>) -> ScreenState
}

/// What the daemon does with a replacing notification still on screen.
public enum ScreenState: Sendable, Equatable {
    /// Shows the present state: shown again if the server lost it.
    case current
    /// Its reason is gone (dose 2 recorded): closed.
    case finished
}
