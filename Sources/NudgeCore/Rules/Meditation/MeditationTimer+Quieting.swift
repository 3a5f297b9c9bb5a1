import Foundation

extension SettingKey {
    public static let meditationDoNotDisturb = SettingKey("meditation.do_not_disturb", .boolean, default: "true")
}

extension MeditationTimer: QuietingRule {
    /// A running session, from its start bell to its end bell, while `meditation.do_not_disturb`
    /// is on; none for one a sleep interrupted, which is over.
    public func quietSpans(in input: RuleInput<Facts>) -> [QuietSpan] {
        guard input.settings.bool(.meditationDoNotDisturb) else { return [] }
        return input.facts.sessions.compactMap { session in
            guard session.isRunning, Self.sleptAt(session, reading: input.sleep) == nil else { return nil }
            return QuietSpan(key: "meditation:\(session.id)", from: session.startedAt, until: session.endsAt)
        }
    }
}
