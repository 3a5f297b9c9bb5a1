/// Whether a person reads times on a 24-hour clock (22:10) or a 12-hour one (10:10 PM), as
/// their desktop or their locale says (NudgeSystem's `PersonClock` finds out). Only what
/// a person reads follows it: stored values, JSON and CSV stay ISO 8601.
public enum ClockFormat: Sendable, Equatable {
    case twentyFourHour
    case twelveHour

    /// `22:10`; `10:10 PM`, `12:05 AM` (midnight), `12:30 PM` (noon).
    public func text(_ time: LocalTime) -> String {
        switch self {
        case .twentyFourHour:
            return time.description
        case .twelveHour:
            let hour = time.hour % 12 == 0 ? 12 : time.hour % 12
            let minute = time.minute < 10 ? "0\(time.minute)" : "\(time.minute)"
            return "\(hour):\(minute) \(time.hour < 12 ? "AM" : "PM")"
        }
    }

    /// `22:10:20`; `10:10:20 PM`: where the second decides between two instants of one minute.
    public func text(_ time: LocalTime, second: Int) -> String {
        let seconds = second < 10 ? ":0\(second)" : ":\(second)"
        switch self {
        case .twentyFourHour: return text(time) + seconds
        case .twelveHour: return text(time).replacing(" ", with: seconds + " ", maxReplacements: 1)
        }
    }
}
