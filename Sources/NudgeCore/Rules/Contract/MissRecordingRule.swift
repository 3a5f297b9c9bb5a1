import Foundation

/// A rule that writes rows of its own when an occurrence is recorded missed (a meditation whose
/// end passed unseen is still completed), in the same transaction.
public protocol MissRecordingRule<Change>: ReminderRule {
    /// The rule's ``ReminderRule/Change``, named again so that the store can ask for a
    /// miss-recording rule of the change type it writes.
    associatedtype Change
    /// The rows written with "missed" for this occurrence. Called by the store inside the
    /// transaction that records the miss, once per occurrence; a change that no longer applies
    /// is dropped and the occurrence stays missed. `now` is when the miss is recorded, which
    /// may be long after `dueAt` (the computer was off). No default; a kind whose miss writes
    /// only "missed" (SymptomReminder) does not conform.
    ///
    /// ```swift
    /// // MeditationTimer: a session's end bell missed still completes the session
    /// ```
    func changesWhenMissed(key: String, dueAt: Date, at now: Date) -> [Change]
    /// Whether an occurrence is a deadline rather than a reminder: never shown, recorded missed
    /// at its instant (with ``changesWhenMissed(key:dueAt:at:)``). Asked by a plan for each
    /// occurrence it reaches, before its lateness. Default: false.
    ///
    /// ```swift
    /// // MedicationReminder: a dose unanswered through its repeats is recorded not taken
    /// ScheduledDose.parse(key)?.follow == .unanswered
    /// ```
    func isDeadline(key: String) -> Bool
}

extension MissRecordingRule {
    public func isDeadline(key: String) -> Bool { false }
}
