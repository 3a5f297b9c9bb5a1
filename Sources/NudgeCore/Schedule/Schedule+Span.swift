import Foundation

extension Schedule {
    /// Everything due after `start` and before `end`, soonest first, as the plan will come to
    /// it (settled ones left out, a snooze at its time): what a calendar feed holds.
    public func occurrences(after start: Date, before end: Date) -> [Occurrence] {
        let candidates = Candidates(of: self, days: clock.date(of: start)...clock.date(of: end))
        return candidates.soonest(after: start, limit: .max).filter { $0.dueAt < end && $0.dueAt <= Timestamp.latest }
    }
}
