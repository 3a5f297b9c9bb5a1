import Foundation

extension ScheduleInput {
    /// Every enabled kind's spans in which the desktop is to be quiet (``QuietingRule``).
    public func quietSpans(clock: WallClock) -> [QuietSpan] {
        kinds.filter { $0.isEnabled(self) }.flatMap { $0.quietSpans(from: self, clock: clock) }
    }

    /// The span that holds `now`, or nil.
    public func quietSpan(now: Date, clock: WallClock) -> QuietSpan? {
        quietSpans(clock: clock).first { $0.from <= now && now < $0.until }
    }

    /// The next instant after `now` a span starts or ends: the daemon wakes for it.
    public func nextQuietChange(after now: Date, clock: WallClock) -> Date? {
        quietSpans(clock: clock).flatMap { [$0.from, $0.until] }.filter { $0 > now }.min()
    }
}
