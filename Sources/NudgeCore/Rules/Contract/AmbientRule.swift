import Foundation

/// A kind whose occurrences have a sound under them (a meditation's ambient sound from its start
/// bell to its end). The daemon plays the span that holds now, and wakes at every span's start
/// and end.
public protocol AmbientRule: ReminderRule {
    /// The spans of sound this kind's facts hold, past, present and to come. Called after every
    /// plan (unless `sound.enabled` is off): the daemon plays the one that holds now and wakes
    /// at the next start or end.
    ///
    /// ```swift
    /// // MeditationTimer: a session's ambient sound, from its start bell to its end
    /// ```
    func ambiences(in input: RuleInput<Facts>) -> [Ambience]
}

extension AmbientRule {
    func ambiences(from input: ScheduleInput, clock: WallClock) -> [Ambience] {
        ambiences(in: self.input(input, clock: clock))
    }
}
