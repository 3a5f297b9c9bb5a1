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

    /// What a person types for a length of time: `30s`, `2m`, `1h`, or a bare number of minutes
    /// (`10`); nil for anything else.
    public static func parse(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let unit = trimmed.last.flatMap { ["s": 1.0, "m": 60.0, "h": 3600.0][String($0)] }
        let number = unit == nil ? trimmed : String(trimmed.dropLast())
        guard !number.isEmpty, number.allSatisfy(\.isASCII), let value = Int(number), value >= 0, value <= 1_000_000
        else { return nil }
        return TimeInterval(value) * (unit ?? 60)
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
