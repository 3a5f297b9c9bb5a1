import Foundation

/// How long things are, for people. (Not `Duration`: that would shadow `Swift.Duration`.)
public enum DurationText {
    /// `1 hour`, `2 hours`, `45 minutes`, `90 minutes`.
    public static func spoken(minutes: Int) -> String {
        if minutes != 0, minutes % 60 == 0 {
            let hours = minutes / 60
            return hours == 1 ? "1 hour" : "\(hours) hours"
        }
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }

    /// `every day`, `every 14 days`.
    public static func every(days: Int) -> String { days == 1 ? "every day" : "every \(days) days" }

    /// A limit as a person says it: `12 hours`, `48 hours`, `366 days`.
    public static func span(_ interval: TimeInterval) -> String {
        let hours = Int(interval / 3600)
        if hours < 72 { return hours == 1 ? "1 hour" : "\(hours) hours" }
        let days = hours / 24
        return days == 1 ? "1 day" : "\(days) days"
    }

    /// What a person types for a length of time, nil for anything else: a bare number of
    /// minutes (`10`); numbers with units, largest first, spaced or not (`90s`, `10m`, `10 min`,
    /// `10 minutes`, `1h30m`, `1 hour 30 minutes`); or hours and minutes as a clock shows them
    /// (`1:30`). Units: s, sec, second; m, min, minute; h, hr, hour; each also plural.
    public static func parse(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard trimmed.allSatisfy(\.isASCII) else { return nil }
        if let minutes = number(trimmed) { return TimeInterval(minutes) * 60 }
        if let clock = trimmed.wholeMatch(of: /(\d{1,4}):([0-5]\d)/), let hours = number(clock.1),
            let minutes = number(clock.2)
        {
            return TimeInterval(hours * 3600 + minutes * 60)
        }
        var rest = Substring(trimmed)
        var total = 0
        var lastUnit = Int.max
        while let part = rest.prefixMatch(of: /\s*(\d{1,7})\s*([a-z]+)\s*/) {
            guard let value = number(part.1), let unit = unitSeconds[String(part.2)], unit < lastUnit else {
                return nil
            }
            total += value * unit
            lastUnit = unit
            rest = rest[part.range.upperBound...]
        }
        guard rest.isEmpty, lastUnit != Int.max, total <= 1_000_000 * 60 else { return nil }
        return TimeInterval(total)
    }

    /// The forms `parse(_:)` takes, for a refusal and the help.
    public static let accepted = "10 (minutes), 10m, 10 min, 90s, 1h30m or 1:30"

    /// The forms of a whole number of minutes, for a refusal and the help of an option in minutes.
    public static let acceptedMinutes = "10 (minutes), 10m, 10 min, 1h30m or 1:30"

    private static let unitSeconds: [String: Int] = {
        var units: [String: Int] = [:]
        for (names, seconds) in [
            (["s", "sec", "secs", "second", "seconds"], 1), (["m", "min", "mins", "minute", "minutes"], 60),
            (["h", "hr", "hrs", "hour", "hours"], 3600),
        ] {
            for name in names { units[name] = seconds }
        }
        return units
    }()

    /// A whole number of ASCII digits, at most 1,000,000.
    private static func number(_ digits: some StringProtocol) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber), let value = Int(digits), value <= 1_000_000 else {
            return nil
        }
        return value
    }

    /// `in 3h 12m`, `in 45s`, `2m ago`, as `systemctl list-timers` says it.
    public static func relative(_ interval: TimeInterval) -> String {
        let seconds = Int(abs(interval).rounded())
        let days = seconds / 86400
        let hours = seconds / 3600 % 24
        let minutes = seconds / 60 % 60
        var parts: [String] = []
        if days > 0 { parts.append("\(days)d") }
        if hours > 0 { parts.append("\(hours)h") }
        if minutes > 0 && days == 0 { parts.append("\(minutes)m") }
        if parts.isEmpty { parts.append("\(seconds % 60)s") }
        let span = parts.joined(separator: " ")
        return interval >= 0 ? "in \(span)" : "\(span) ago"
    }
}
