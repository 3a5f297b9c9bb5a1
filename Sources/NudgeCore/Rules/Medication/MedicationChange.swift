import Foundation

/// What a medication reminder's answer, or its miss, writes: a taken dose in DoseTap's
/// `medication_events`, a dose not taken in nudge's own `medication_outcomes`.
public enum MedicationChange: AppChange, Equatable {
    /// A `medication_events` row as DoseTap writes one; the store gives it the open session's
    /// id, and writes nothing when DoseTap's duplicate guard finds another within its minutes.
    case taken(MedicationEvent)
    /// The dose was skipped (`skipped`), or went unanswered through its repeats (`missed`),
    /// recorded at `at` (`recorded_at`).
    case notTaken(ScheduledDose, outcome: MedicationOutcome, at: Date)
}

/// A dose not taken, as nudge records it.
public enum MedicationOutcome: String, Sendable, Equatable, Codable {
    case skipped
    case missed
}
