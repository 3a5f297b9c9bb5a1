import Foundation

/// The forms of an instant that are words rather than ISO 8601: what people type, and what
/// nudge prints so that it can be typed back.
extension GivenInstant {
    /// A time of day, a day and a time, a span ago, or a date and time with a zone's name.
    static func spoken(_ text: String) -> Form? {
        if let time = LocalTime(parsing: text) { return .timeOfDay(time) }
        if text.lowercased() == "now" { return .ago(.seconds(0)) }
        var words = text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        // `tomorrow at 9am`, `9am on monday`: the small words between a day and a time.
        if words.count > 1 { words.removeAll { ["at", "on"].contains($0.lowercased()) } }
        guard !words.isEmpty else { return nil }
        if words.count == 1, let time = LocalTime(parsing: words[0]) { return .timeOfDay(time) }
        if words.last?.lowercased() == "ago" {
            return SpokenSpan(words.dropLast().joined(separator: " ")).map(Form.ago)
        }
        if words[0].lowercased() == "in", words.count > 1 {
            return SpokenSpan(words.dropFirst().joined(separator: " ")).map(Form.ahead)
        }
        // `next friday 9:00`, `9:00 last monday`: two words name the day.
        let relative = ["next", "last"]
        if words.count > 2, relative.contains(words[0].lowercased()) {
            words.replaceSubrange(0...1, with: ["\(words[0]) \(words[1])"])
        } else if words.count > 2, relative.contains(words[words.count - 2].lowercased()) {
            words.replaceSubrange((words.count - 2)..., with: ["\(words[words.count - 2]) \(words[words.count - 1])"])
        }
        if let day = CivilDate(iso: words[0].prefix(10)) {
            return dated(day, words: words)
        }
        if let day = SpokenDay(words[0]), words.count > 1 {
            return LocalTime(parsing: words.dropFirst().joined(separator: " ")).map { .onDay(day, $0) }
        }
        if let day = SpokenDay(words.removeLast()), !words.isEmpty {
            return LocalTime(parsing: words.joined(separator: " ")).map { .onDay(day, $0) }
        }
        return nil
    }

    /// `2026-11-25 11:00 PM`, `2026-11-25T23:00 EST`, `2026-11-25 23:00 UTC`.
    private static func dated(_ day: CivilDate, words: [String]) -> Form? {
        var rest = Array(words.dropFirst())
        // `2026-11-25T11:00 PM`: the time was joined to the date.
        let joined = words[0].dropFirst(10)
        if let first = joined.first {
            guard first == "T" || first == "t" else { return nil }
            rest.insert(String(joined.dropFirst()), at: 0)
        }
        guard let last = rest.last else { return nil }
        var abbreviation: String?
        if isZoneName(last) {
            abbreviation = last.uppercased()
            rest.removeLast()
        }
        guard let time = LocalTime(parsing: rest.joined(separator: " ")) else { return nil }
        guard let abbreviation else { return .local(day, time, seconds: 0) }
        return .named(day, time, abbreviation: abbreviation)
    }

    /// A zone's name as clocks print it: letters (`EST`, `CEST`), or a numeric one (`+0545`, `-03`).
    private static func isZoneName(_ word: String) -> Bool {
        let lowered = word.lowercased()
        guard lowered != "am", lowered != "pm", lowered != "a.m.", lowered != "p.m." else { return false }
        if word.count >= 2, word.allSatisfy({ $0.isASCII && $0.isLetter }) { return true }
        guard let sign = word.first, sign == "+" || sign == "-" else { return false }
        let digits = word.dropFirst()
        return [2, 4].contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The occurrence of `time` on a spoken day: the latest past one, or the next one.
    static func occurrence(
        of time: LocalTime, on day: SpokenDay, now: Date, clock: WallClock, direction: InstantInput.Direction
    ) -> Date? {
        let dates = day.candidates(from: clock.date(of: now), direction: direction)
        if day.isOneDate {
            // The day is fixed; a time on it that is on the wrong side of now is refused later,
            // with what it was understood as.
            let instants = clock.instants(on: dates[0], at: time)
            let passed = instants.last { $0 <= now.addingTimeInterval(1) }
            return direction == .past ? passed ?? instants.first : instants.first { $0 > now } ?? instants.last
        }
        for date in dates {
            let instants = clock.instants(on: date, at: time)
            switch direction {
            case .past:
                if let instant = instants.last(where: { $0 <= now.addingTimeInterval(1) }) { return instant }
            case .future:
                if let instant = instants.first(where: { $0 > now }) { return instant }
            }
        }
        return nil
    }

    /// `time` on `day` as read in the zone named: UTC, or the person's zone where its clock
    /// calls that instant by the name given.
    static func instant(on day: CivilDate, at time: LocalTime, calledBy abbreviation: String, clock: WallClock) -> Date?
    {
        if ["UTC", "GMT", "Z"].contains(abbreviation) {
            return Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86400 + time.secondsOfDay))
        }
        return clock.instants(on: day, at: time).first { clock.abbreviation(at: $0).uppercased() == abbreviation }
    }
}
