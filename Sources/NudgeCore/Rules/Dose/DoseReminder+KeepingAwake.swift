import Foundation

/// The computer stays awake, and wakes, for the dose-2 alarm.
extension DoseReminder: KeepingAwakeRule {
    /// From dose 1 until dose 2 or a skip, or until the "not recorded" prompt half an hour after
    /// the window closed: the alarm, its follow-ups and the warnings must ring.
    public func keepAwakeReason(now: Date, in input: RuleInput<Facts>) -> String? {
        guard let session = input.facts.session, !session.isCompleted else { return nil }
        let window = DoseWindow(session: session, settings: input.settings)
        guard window.isOpen(at: now), now < window.unresolvedAt else { return nil }
        if now < window.targetAt { return "the dose-2 alarm is due at \(input.clock.timeOfDay(window.targetAt))" }
        return "dose 2 is due; the window closes at \(input.clock.timeOfDay(window.closesAt))"
    }

    /// The alarm, its follow-ups and the 5-minute warning: those that ring until answered.
    public func wakesTheComputer(for occurrence: Occurrence) -> Bool {
        let parts = occurrence.key.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let alert = Alert(rawValue: String(parts[2])) else { return false }
        if case .alarm = Self.sound(of: alert) { return true }
        return false
    }
}
