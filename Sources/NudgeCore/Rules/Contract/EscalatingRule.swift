import Foundation

/// A kind whose alarm must reach the person beyond this computer when it goes unanswered:
/// the daemon runs `alarm.escalate_command` (a phone, a caregiver) once per escalation, when it
/// is still unanswered at ``Escalation/unansweredAt``, or at once when a sleep comes anyway
/// while it is pending. The daemon names no kind: what escalates, and when, is the rule's.
public protocol EscalatingRule<Facts>: ReminderRule {
    /// The rule's ``ReminderRule/Facts``, named again so that a kind's input can ask for this
    /// capability of the facts it holds (`any EscalatingRule<Rule.Facts>`).
    associatedtype Facts
    /// The alarm pending at `now` that would be escalated (its key names it for good: the store
    /// runs each key's escalation once), or nil when nothing of this kind is pending. Called
    /// after every plan and when logind announces a sleep. No default; a kind whose
    /// occurrences need not leave the computer (SymptomReminder) does not conform.
    ///
    /// ```swift
    /// // DoseReminder, from dose 1 until dose 2, a skip, a snooze or the "not recorded" prompt:
    /// Escalation(kind: .dose2, key: "dose2:S:alarm:0", dueAt: target, unansweredAt: target + 600, ...)
    /// ```
    func escalation(now: Date, in input: RuleInput<Facts>) -> Escalation?
}
