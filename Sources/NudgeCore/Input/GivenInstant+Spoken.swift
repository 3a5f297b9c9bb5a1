import Foundation

/// The forms of an instant that are words rather than ISO 8601: what people type, and what
/// nudge prints so that it can be typed back.
extension GivenInstant {
    /// A time of day, a day and a time, a span ago, or a date and time with a zone's name.
    static func spoken(_ text: String) -> Form? {
        if let time = LocalTime(parsing: text) { return .timeOfDay(time) }
        if text.lowercased() == "now" { return .ago(.seconds(0)) }
        if let full = confirmed(text) ?? plainDay(text) { return full }
        var words = text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        // `tomorrow at 9am`, `9am on monday`: the small words between a day and a time.
        if words.count > 1 { words.removeAll { ["at", "on"].contains($0.lowercased()) } }
        guard !words.isEmpty else { return nil }
        if words.count == 1, let time = LocalTime(parsing: words[0]) { return .timeOfDay(time) }
        if words.last?.lowercased() == "ago" {
            return SpokenSpan(words.dropLast().joined(separator: " ")).map(Form.ago)
        }
        // `-2h`, `-3 days`: a span back, as systemd's and journalctl's times read it.
        if text.hasPrefix("-"), let span = SpokenSpan(text.dropFirst()) { return .ago(span) }
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
        if let named = timeWithZone(words) { return named }
        if let day = SpokenDay(words[0]), words.count > 1 {
            return LocalTime(parsing: words.dropFirst().joined(separator: " ")).map { .onDay(day, $0) }
        }
        if let day = SpokenDay(words.removeLast()), !words.isEmpty {
            return LocalTime(parsing: words.joined(separator: " ")).map { .onDay(day, $0) }
        }
        return nil
    }

    /// `2026-11-25 11:00 PM`, `2026-11-25T23:00 EST`, `2026-11-25 23:00 UTC`.
    static func dated(_ day: CivilDate, words: [String]) -> Form? {
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
            abbreviation = zoneName(last)
            rest.removeLast()
        }
        guard let time = LocalTime(parsing: rest.joined(separator: " ")) else { return nil }
        guard let abbreviation else { return .local(day, time, seconds: 0) }
        return .named(day, time, abbreviation: abbreviation)
    }

    /// The whole of a confirmation typed back (`22:10 yesterday, 2026-11-21 22:10 EST`): the
    /// date and time after its comma, which name the instant alone.
    private static func confirmed(_ text: String) -> Form? {
        guard let comma = text.lastIndex(of: ",") else { return nil }
        let full = text[text.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        guard let day = CivilDate(iso: full.prefix(10)) else { return nil }
        let words = full.split(whereSeparator: \.isWhitespace).map(String.init)
        return dated(day, words: words)
    }

    /// A time of day, after a day or not, with its zone's name: `01:30 EST`, `today 01:30 EDT`.
    private static func timeWithZone(_ words: [String]) -> Form? {
        guard words.count > 1, let last = words.last, isZoneName(last), SpokenDay(last) == nil else { return nil }
        let rest = words.dropLast()
        if rest.count == 1 || SpokenDay(rest[0]) == nil && SpokenDay(rest.last!) == nil {
            return LocalTime(parsing: rest.joined(separator: " ")).map {
                .namedOnDay(nil, $0, abbreviation: zoneName(last))
            }
        }
        if let day = SpokenDay(rest[0]) {
            return LocalTime(parsing: rest.dropFirst().joined(separator: " ")).map {
                .namedOnDay(day, $0, abbreviation: zoneName(last))
            }
        }
        guard let day = SpokenDay(rest.last!) else { return nil }
        return LocalTime(parsing: rest.dropLast().joined(separator: " ")).map {
            .namedOnDay(day, $0, abbreviation: zoneName(last))
        }
    }

    /// A zone's name as clocks print it: letters (`EST`, `CEST`), or a numeric one (`+0545`,
    /// `-03`, `+10:30`).
    private static func isZoneName(_ word: String) -> Bool {
        let lowered = word.lowercased()
        guard lowered != "am", lowered != "pm", lowered != "a.m.", lowered != "p.m." else { return false }
        if word.count >= 2, word.allSatisfy({ $0.isASCII && $0.isLetter }) { return true }
        return offset(word) != nil
    }

    /// A zone's name as it is compared: upper case, an offset without its colon (`+1030`).
    private static func zoneName(_ word: String) -> String {
        word.uppercased().replacingOccurrences(of: ":", with: "")
    }

    /// The seconds east of UTC a numeric zone name says (`+0545`, `-03`, `+10:30`); nil for another.
    static func offset(_ name: String) -> Int? {
        guard let sign = name.first, sign == "+" || sign == "-" else { return nil }
        var digits = Array(name.dropFirst())
        if digits.count == 5, digits[2] == ":" { digits.remove(at: 2) }
        guard [2, 4].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let hours = Int(String(digits.prefix(2))), let minutes = Int("0" + String(digits.dropFirst(2))),
            hours < 24, minutes < 60
        else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// The occurrence of `time` on a spoken day: the latest past one, or the next one.
    static func occurrence(
        of time: LocalTime, on day: SpokenDay, now: Date, clock: WallClock, direction: InstantInput.Direction
    ) -> Date? {
        let dates = day.candidates(from: clock.date(of: now), direction: direction)
        if day.isOneDate {
            // The day is fixed; a time on it that is on the wrong side of now is refused later,
            // with what it was understood as.
            return onOneDate(clock.instants(on: dates[0], at: time), now: now, direction: direction)
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

    /// Of a time's readings on a date (two on a fall-back night), the one a person means: the
    /// latest that has passed, or the first to come; else the other side's nearest. A date
    /// typed (`2026-10-25 01:30`) and a day in words (`sunday 01:30`) read alike (hostile round
    /// of issue 40: they were an hour apart).
    static func onOneDate(_ instants: [Date], now: Date, direction: InstantInput.Direction) -> Date? {
        let passed = instants.last { $0 <= now.addingTimeInterval(1) }
        return direction == .past ? passed ?? instants.first : instants.first { $0 > now } ?? instants.last
    }

    /// The occurrence of `time` in the zone named, on a spoken day, or without one today's or,
    /// the other way, the day before's (after) it: the latest past one, or the next one. A day
    /// that names one date gives its reading even on the wrong side of now, refused later.
    static func occurrence(
        of time: LocalTime, on day: SpokenDay?, calledBy abbreviation: String, now: Date, clock: WallClock,
        direction: InstantInput.Direction
    ) -> Date? {
        let today = clock.date(of: now)
        let dates =
            day?.candidates(from: today, direction: direction)
            ?? [today, today.adding(days: direction == .past ? -1 : 1)]
        let named = dates.compactMap { instant(on: $0, at: time, calledBy: abbreviation, clock: clock) }
        if day?.isOneDate == true { return named.first }
        switch direction {
        case .past: return named.first { $0 <= now.addingTimeInterval(1) } ?? named.first
        case .future: return named.first { $0 > now } ?? named.first
        }
    }

    /// `time` on `day` as read in the zone named: UTC, or the person's zone where its clock
    /// calls that instant by the name given.
    static func instant(on day: CivilDate, at time: LocalTime, calledBy abbreviation: String, clock: WallClock) -> Date?
    {
        // An offset is that instant wherever the clock is: `+10:30` in Lord Howe, `-05` anywhere.
        let east: Int? = ["UTC", "GMT", "Z"].contains(abbreviation) ? 0 : offset(abbreviation)
        if let east {
            return Date(timeIntervalSince1970: Double(day.daysSinceEpoch * 86400 + time.secondsOfDay - east))
        }
        // The clock must read that time: a time a spring-forward skipped is none (`skippedReading`).
        return clock.instants(on: day, at: time).first {
            clock.abbreviation(at: $0).uppercased() == abbreviation && clock.local($0) == (day, time.secondsOfDay)
        }
    }
}
