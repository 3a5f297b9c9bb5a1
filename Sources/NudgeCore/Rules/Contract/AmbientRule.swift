import Foundation

/// A kind whose occurrences have a sound under them (a meditation's ambient sound from its start
/// bell to its end). The daemon plays the span that holds now, and wakes at every span's start
/// and end.
public protocol AmbientRule<Facts>: ReminderRule {
    /// The rule's ``ReminderRule/Facts``, named again so that a kind's input can ask for this
    /// capability of the facts it holds (`any AmbientRule<Rule.Facts>`).
    associatedtype Facts
    /// The spans of sound this kind's facts hold, past, present and to come. Called after every
    /// plan (unless `sound.enabled` is off): the daemon plays the one that holds now and wakes
    /// at the next start or end. No default; a kind without sound under it (SymptomReminder)
    /// does not conform.
    ///
    /// ```swift
    /// // MeditationTimer: a session's ambient sound, from its start bell to its end
    /// ```
    func ambiences(in input: RuleInput<Facts>) -> [Ambience]
}
