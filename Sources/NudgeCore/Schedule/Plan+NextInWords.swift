import Foundation

extension Plan {
    /// What this plan waits for, in words for the daemon's log, without the time left:
    /// `Daily symptom check at 20:00`, `Call Sam and 2 more tomorrow at 09:00`. The titles are
    /// the rules' own, so the daemon names no kind. Nil when nothing is due.
    public func nextInWords(now: Date, clock: WallClock) -> String? {
        guard let nextDue else { return nil }
        let what: String =
            switch next.count {
            case 0: "a new plan"  // the horizon of what the rules' facts covered
            case 1: next[0].title
            default: "\(next[0].title) and \(next.count - 1) more"
            }
        let today = clock.date(of: now)
        let day = clock.date(of: nextDue)
        let when =
            day == today
            ? "" : day == today.adding(days: 1) ? "tomorrow " : "on \(clock.weekdayName(day)) \(day.description) "
        // With its zone where the clock reads that time twice (`01:30 EST`): on the fall-back
        // night `01:30` alone named the run already shown (issue 42).
        return "\(what) \(when)at \(clock.toldTimeOfDay(nextDue))"
    }
}
