import Foundation

/// A span from now as people say it: `2h`, `90 min`, `1h30m`, `an hour`, `3 days`, `1 week`
/// (with `ago` in an instant, `3 days ago`, or `in`, `in 3 days`). Hours and less are elapsed time; days and weeks are calendar days at
/// the same time of day, so "1 day ago" across a DST change is yesterday at this hour, not 24
/// hours back.
public enum SpokenSpan: Sendable, Equatable {
    case seconds(Int)
    case days(Int)

    /// Each unit's names and its size: seconds, or days for the calendar units.
    private static let units: [(names: Set<String>, seconds: Int, days: Int)] = [
        (["s", "sec", "secs", "second", "seconds"], 1, 0),
        (["m", "min", "mins", "minute", "minutes"], 60, 0),
        (["h", "hr", "hrs", "hour", "hours"], 3600, 0),
        (["d", "day", "days"], 0, 1),
        (["w", "wk", "wks", "week", "weeks"], 0, 7),
    ]

    /// `2h`, `2 h`, `3 days`, `an hour`, and several of one kind, largest first: `1h30m`, `1 hour
    /// 30 minutes`, `1 week 2 days` (hours and days together are refused: which comes first
    /// across a DST change is not said). At most 100 years, so that no arithmetic overflows.
    public init?(_ text: some StringProtocol) {
        var words = text.lowercased().split(whereSeparator: \.isWhitespace)
        if let first = words.first, first == "a" || first == "an" { words[0] = "1" }
        var rest = Substring(words.joined())
        var seconds = 0
        var days = 0
        var previousSize = Int.max
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            let unit = rest.dropFirst(digits.count).prefix { !($0.isASCII && $0.isNumber) }
            rest = rest.dropFirst(digits.count + unit.count)
            // Six digits at most: a million weeks is 7 million days, far from overflowing.
            guard (1...6).contains(digits.count), let amount = Int(digits),
                let size = Self.units.first(where: { $0.names.contains(String(unit)) })
            else { return nil }
            let inSeconds = size.seconds + size.days * 86400
            guard inSeconds < previousSize else { return nil }
            previousSize = inSeconds
            seconds += amount * size.seconds
            days += amount * size.days
        }
        guard previousSize != Int.max, seconds == 0 || days == 0, max(days, seconds / 86400) <= 36_525 else {
            return nil
        }
        self = days > 0 ? .days(days) : .seconds(seconds)
    }

    /// The instant this far back from `now`: the same wall-clock time `days` dates earlier (the
    /// first instant after a gap, the earlier of a repeated hour), or `seconds` earlier.
    public func instant(before now: Date, clock: WallClock) -> Date? {
        instant(now, clock: clock, sign: -1)
    }

    /// The instant this far ahead of `now`, as `instant(before:clock:)` reads the span.
    public func instant(after now: Date, clock: WallClock) -> Date? {
        instant(now, clock: clock, sign: 1)
    }

    private func instant(_ now: Date, clock: WallClock, sign: Int) -> Date? {
        switch self {
        case .seconds(let seconds):
            return now.addingTimeInterval(Double(sign * seconds))
        case .days(let days):
            let (today, secondsOfDay) = clock.local(now)
            guard let time = LocalTime(hour: secondsOfDay / 3600, minute: secondsOfDay / 60 % 60) else { return nil }
            let fraction = now.timeIntervalSince1970 - now.timeIntervalSince1970.rounded(.down)
            return clock.instants(on: today.adding(days: sign * days), at: time).first?
                .addingTimeInterval(Double(secondsOfDay % 60) + fraction)
        }
    }
}
