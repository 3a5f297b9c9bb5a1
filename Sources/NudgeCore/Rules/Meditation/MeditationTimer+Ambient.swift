import Foundation

extension MeditationTimer: AmbientRule {
    /// A running session's ambient sound, from its start bell to its end; none for one a sleep
    /// interrupted, which is over.
    public func ambiences(in input: RuleInput<Facts>) -> [Ambience] {
        input.facts.sessions.compactMap { session in
            guard session.isRunning, Self.sleptAt(session, reading: input.sleep) == nil,
                let sound = AmbientSound(setting: session.ambient ?? "none")
            else { return nil }
            return Ambience(
                key: "meditation:\(session.id)", sound: sound, volume: input.settings.int(.meditationAmbientVolume),
                from: session.startedAt, until: session.endsAt)
        }
    }
}
