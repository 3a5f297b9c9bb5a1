/// A number of days as people say it, the one reading every option that counts days takes
/// (`contacts add --every`, `remind --every`, `call remind --in`, `--days`): `14`, `14d`,
/// `14 days`, `2w`, `2 weeks`, `1 week 2 days`. Hours are no number of days.
public enum DayCount {
    /// The forms, for a refusal and the help.
    public static let examples = "14, 14d, 2w or 2 weeks"

    public static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let value = Int(trimmed) { return value }
        if case .days(let days)? = SpokenSpan(trimmed) { return days }
        // `0d`: SpokenSpan counts no time at all in seconds.
        if trimmed.lowercased().wholeMatch(of: /0+\s*(d|days?|w|wks?|weeks?)/) != nil { return 0 }
        return nil
    }

    /// A span ahead of now as `--in` takes it: a number of days (`3`, `3d`, `2w`, `1 week`), or
    /// hours and minutes (`2h`, `90 min`, `1h30m`); nil for anything else.
    public static func spanAhead(_ text: String) -> SpokenSpan? {
        if let days = parse(text) { return .days(days) }
        return SpokenSpan(text.trimmingCharacters(in: .whitespaces))
    }

    /// The forms of `spanAhead`, for a refusal and the help.
    public static let spanExamples = "a number of days (3, 3d, 2w, 1 week) or of hours and minutes (2h, 90 min, 1h30m)"
}
