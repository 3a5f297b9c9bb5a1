import Foundation

extension SettingKey {
    public static let doseEscalateAfterMinutes = SettingKey(
        "dose.escalate_after_minutes", .integer(1...240), default: "10")
}

extension DoseReminder: EscalatingRule {
    /// The alarm of the open session (moved by its snoozes), from dose 1 until dose 2, a skip,
    /// or the "not recorded" prompt; unanswered `dose.escalate_after_minutes` after it rings. A
    /// snooze answers it: the moved alarm is a new key, escalated in its turn. Worded as the
    /// alarm reads at the escalation's own instant: `now` once it rang (hostile round on issue
    /// 41: "75 min left" sent ten minutes on), the ring when sent before it (a sleep coming), as
    /// a service that delivers at `NUDGE_DUE` shows it then.
    public func escalation(now: Date, in input: RuleInput<Facts>) -> Escalation? {
        guard let session = input.facts.session, !session.isCompleted else { return nil }
        let window = DoseWindow(session: session, settings: input.settings)
        guard window.targetAt < window.closesAt, now < window.unresolvedAt else { return nil }
        let alarm = Self.notification(
            .alarm, session: session, settings: input.settings, now: max(now, window.targetAt), clock: input.clock)
        let minutes = input.settings.int(.doseEscalateAfterMinutes)
        return Escalation(
            kind: kind, key: Self.prefix(session) + Alert.alarm.rawValue + ":\(session.snoozeCount)",
            dueAt: window.targetAt, unansweredAt: window.targetAt.addingTimeInterval(TimeInterval(minutes * 60)),
            title: alarm.title, body: alarm.body)
    }
}
