import Foundation

/// A rule whose notification takes typed text where the server allows it (the therapy
/// journal's mood and reflections); recorded as the action `inline-reply`. Other kinds refuse
/// typed text.
public protocol RepliableRule<Facts, Change>: ReminderRule {
    /// The rule's ``ReminderRule/Facts`` and ``ReminderRule/Change``, named again so that the
    /// store can ask for a repliable rule of the facts it read and the change type it writes
    /// (`any RepliableRule<Rule.Facts, Rule.Change>`).
    associatedtype Facts
    associatedtype Change
    /// What the typed text writes, or why it is refused. Called, as
    /// ``ReminderRule/answer(_:to:at:in:)`` is, inside the store's write transaction; the text
    /// is the person's own and is never logged or shown in a refusal. No default; a kind that
    /// takes no typed text (SymptomReminder) does not conform, and its typed text is refused.
    ///
    /// ```swift
    /// // TherapyJournalReminder: the text becomes the session's reflection
    /// ```
    func reply(_ text: String, to record: DeliveryRecord, at now: Date, in input: RuleInput<Facts>)
        -> AnswerDecision<Change>
}
