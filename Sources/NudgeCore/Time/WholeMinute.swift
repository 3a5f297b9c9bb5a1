import Foundation

/// A snooze's instant, at the nearest whole minute (under 30 s either way): `upcoming`, the
/// listings and the calendar feed say the minute it rings at, and it rings at that minute, not
/// at the click's seconds past it (hostile rounds of issue 42: the feed's 04:00:13 was
/// upcoming's 04:00).
public enum WholeMinute {
    /// `minutes` after `instant`, at the nearest whole minute.
    public static func after(_ minutes: Int, from instant: Date) -> Date {
        let asked = instant.timeIntervalSince1970 + TimeInterval(minutes * 60)
        return Date(timeIntervalSince1970: (asked / 60).rounded() * 60)
    }
}
