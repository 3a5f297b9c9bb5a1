import Foundation

/// What the meditation timer writes in `meditation_sessions`.
public enum MeditationChange: AppChange, Equatable {
    /// A timer session begins `delaySeconds` after `at` (the practice reminder's "start"), with
    /// `meditation.ambient` under it; refused while another runs.
    case start(
        plannedSeconds: Int, intervalSeconds: Int, delaySeconds: Int, at: Date, utcOffsetMinutes: Int,
        sleep: SleepReading?, ambient: String?)
    /// The running session reached its end: completed, at its end instant.
    case completed(sessionID: String)
    /// The machine slept at `at` during the session: interrupted there, or dropped when that was
    /// less than `MeditationSession.shortestKept` in.
    case interrupted(sessionID: String, at: Date)
}
