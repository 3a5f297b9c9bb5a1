import Foundation

/// A day further than yesterday or tomorrow as nudge's confirmations print it, typed back
/// (hostile round of issue 40 after A14, Medium 4): `Monday 23 Nov, 09:00`, or the whole
/// `Monday 23 Nov, 09:00 (2026-11-23 09:00 CET)`, `on` before it or not.
extension GivenInstant {
    /// The parts of `Monday 23 Nov, 09:00`, kept as words: the names are the person's clock's
    /// (`Montag 23 Nov., 09:00` in German) or English, read when the clock is known.
    public struct PlainDay: Sendable, Equatable {
        public var weekday: String
        public var day: Int
        public var month: String
        public var time: LocalTime
    }

    static func plainDay(_ text: String) -> Form? {
        var text = Substring(text)
        if text.lowercased().hasPrefix("on ") { text = text.dropFirst(3) }
        // The whole confirmation: the date in brackets names the instant alone.
        if text.hasSuffix(")"), let open = text.lastIndex(of: "(") {
            let full = text[text.index(after: open)..<text.index(before: text.endIndex)]
            guard let day = CivilDate(iso: full.prefix(10)) else { return nil }
            return dated(day, words: full.split(whereSeparator: \.isWhitespace).map(String.init))
        }
        guard let comma = text.firstIndex(of: ",") else { return nil }
        let words = text[..<comma].split(whereSeparator: \.isWhitespace)
        guard words.count == 3, let day = Int(words[1]), (1...31).contains(day),
            let time = LocalTime(parsing: text[text.index(after: comma)...].trimmingCharacters(in: .whitespaces))
        else { return nil }
        return .plainDay(PlainDay(weekday: String(words[0]), day: day, month: String(words[2]), time: time))
    }

    /// The date nearest today in `direction` (today included) that has this day, month and
    /// weekday; none when the weekday is not that date's in the years around.
    static func instant(of plain: PlainDay, now: Date, clock: WallClock, direction: InstantInput.Direction) -> Date? {
        let named = { (names: [String], word: String) in
            names.firstIndex { $0.lowercased() == word.lowercased() }
        }
        guard
            let month = named(clock.monthAbbreviations, plain.month)
                ?? named(CivilDate.monthAbbreviations, plain.month),
            let weekday = named(clock.weekdayNames, plain.weekday) ?? named(CivilDate.weekdayNames, plain.weekday)
        else { return nil }
        let today = clock.date(of: now)
        let years = direction == .past ? [0, -1, -2, -3, -4, -5, -6] : [0, 1, 2, 3, 4, 5, 6]
        let dates = years.compactMap { CivilDate(checkedYear: today.year + $0, month: month + 1, day: plain.day) }
            .filter { $0.weekday == weekday }
        let date = dates.first { direction == .past ? $0 <= today : $0 >= today } ?? dates.first
        return date.flatMap { clock.instant(on: $0, at: plain.time) }
    }
}
