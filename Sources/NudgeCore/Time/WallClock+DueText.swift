import Foundation

extension WallClock {
    /// When `time` on `date` is due, as the person saw it on screen: `02:15`, or on a night the
    /// spring-forward skips it, `03:00 (02:15 skipped by the clock change)`: the gap's end,
    /// which is when it was shown, and the time it was set for.
    public func dueText(on date: CivilDate, at time: LocalTime) -> String {
        guard let due = instant(on: date, at: time), local(due) != (date, time.secondsOfDay) else { return text(time) }
        return "\(timeOfDay(due)) (\(text(time)) skipped by the clock change)"
    }
}
