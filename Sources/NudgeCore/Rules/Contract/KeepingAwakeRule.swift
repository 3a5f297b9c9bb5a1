import Foundation

/// A kind whose occurrences must ring even when nobody touches the computer: while one of its
/// rules gives a reason, the daemon keeps the computer from idle sleep (a logind `sleep`
/// inhibitor in block mode), as a video player or a backup does, and arms the wake alarm for
/// the next occurrence that wakes the computer.
public protocol KeepingAwakeRule<Facts>: ReminderRule {
    /// The rule's ``ReminderRule/Facts``, named again so that a kind's input can ask for this
    /// capability of the facts it holds (`any KeepingAwakeRule<Rule.Facts>`).
    associatedtype Facts
    /// Why the computer must stay awake at `now`, naming what rings and when, or nil when
    /// nothing of this kind must ring. Called after every plan (unless `sleep.keep_awake` is
    /// off); the words are logged and published for `nudge status`. No default; a kind that
    /// may wait for the person (SymptomReminder) does not conform.
    ///
    /// ```swift
    /// // DoseReminder, from dose 1 until dose 2 or a skip: "the dose-2 alarm is due at 02:45"
    /// ```
    func keepAwakeReason(now: Date, in input: RuleInput<Facts>) -> String?
    /// Whether this occurrence rings as an alarm, for which a suspended computer is woken where
    /// the system allows; a gentle reminder waits for the person to open the lid. Called after
    /// every plan for the occurrences of the next two days. No default.
    ///
    /// ```swift
    /// public func wakesTheComputer(for occurrence: Occurrence) -> Bool { true }  // TestAlarm
    /// ```
    func wakesTheComputer(for occurrence: Occurrence) -> Bool
}
