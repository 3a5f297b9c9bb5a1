import Foundation

extension ScheduleInput {
    /// Every kind's spans of sound; none while `sound.enabled` is off.
    public func ambiences(clock: WallClock) -> [Ambience] {
        guard settings.bool(.soundEnabled) else { return [] }
        return kinds.filter { $0.isEnabled(self) }.flatMap { $0.ambiences(from: self, clock: clock) }
    }

    /// The span that holds `now`, or nil.
    public func ambience(now: Date, clock: WallClock) -> Ambience? {
        ambiences(clock: clock).first { $0.from <= now && now < $0.until }
    }

    /// The next instant after `now` a span starts or ends: the daemon wakes for it.
    public func nextAmbienceChange(after now: Date, clock: WallClock) -> Date? {
        ambiences(clock: clock).flatMap { [$0.from, $0.until] }.filter { $0 > now }.min()
    }
}
