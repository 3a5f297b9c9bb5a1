import Foundation

extension MeditationTimer: KeepingAwakeRule {
    /// While a session runs: its bells and its end must ring, and a sleep would interrupt it.
    /// Not once its end is due: a daemon restarted after it rings the end at once.
    public func keepAwakeReason(now: Date, in input: RuleInput<Facts>) -> String? {
        guard let session = input.facts.sessions.first(where: { $0.isRunning && $0.endsAt > now }) else { return nil }
        return "a meditation ends at \(input.clock.timeOfDay(session.endsAt))"
    }

    /// Bells wait: a meditation a sleep interrupted is recorded as such, not rung awake.
    public func wakesTheComputer(for occurrence: Occurrence) -> Bool { false }
}
