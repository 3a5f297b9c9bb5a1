/// A kind whose first answer a person may want to take back with another (a dose skipped or
/// snoozed, then taken after all): the first answer stands on the notification, so the
/// refusal of the second names the command that records it instead. A kind without such a
/// command does not conform, and its refusal says only that the first answer stands.
///
/// ```swift
/// // MedicationReminder: Taken after Skip is "to record it taken after all: nudge meds taken NAME"
/// ```
public protocol TakenBackRule: ReminderRule {
    /// How to record `wanted` on the occurrence `key` after it was answered `first`, with the
    /// command that does it, or nil where none does. Called by the store as it refuses `wanted`.
    func instead(recording wanted: String, after first: String, key: String) -> String?
}
