import Foundation

/// A rule whose occurrences, many due at once, make one notification instead of a flood (the
/// calls owed after a week away).
public protocol SummarizingRule<Facts>: ReminderRule {
    /// The rule's ``ReminderRule/Facts``, named again so that a kind's input can ask for this
    /// capability of the facts it holds (`any SummarizingRule<Rule.Facts>`).
    associatedtype Facts
    /// More due at once than this are summarized. Read by the daemon when it claims what a
    /// plan found due. No default; a kind due once a day (SymptomReminder) does not conform.
    ///
    /// ```swift
    /// public let summaryThreshold = 3  // CallReminder
    /// ```
    var summaryThreshold: Int { get }
    /// The one notification for these claimed occurrences, each recorded as shown with it.
    /// Called by the daemon after they are claimed, in place of
    /// ``ReminderRule/presentation(for:now:text:in:)``. No default.
    ///
    /// ```swift
    /// Self.summary(names: occurrences.map { input.facts.name(forKey: $0.key) ?? $0.title }, text: text)
    /// ```
    func summary(of occurrences: [Occurrence], text: BodyText, in input: RuleInput<Facts>) -> NotificationContent
}
