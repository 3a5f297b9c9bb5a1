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
    /// weekday, or the one a year further; none when neither has that weekday: years away are
    /// not searched (hostile round of issue 40: `Tuesday 30 Nov` was logged for 2021).
    static func instant(of plain: PlainDay, now: Date, clock: WallClock, direction: InstantInput.Direction) -> Date? {
        guard let (dates, weekday) = nearestDates(of: plain, now: now, clock: clock, direction: direction),
            let date = dates.first(where: { $0.weekday == weekday })
        else { return nil }
        return clock.instant(on: date, at: plain.time)
    }

    /// Why a plain day names no date, its weekday being neither the nearest date's nor the one
    /// a year further's, naming the nearest's; nil for any other form.
    public func wrongWeekday(now: Date, clock: WallClock, direction: InstantInput.Direction) -> String? {
        guard case .plainDay(let plain) = form,
            let (dates, weekday) = Self.nearestDates(of: plain, now: now, clock: clock, direction: direction),
            let nearest = dates.first, !dates.contains(where: { $0.weekday == weekday })
        else { return nil }
        let name = clock.weekdayName(nearest)
        let dayMonth = "\(nearest.day) \(clock.monthAbbreviations[nearest.month - 1])"
        return
            "\(dayMonth) is a \(name) in \(nearest.year); give '\(name) \(dayMonth), \(clock.text(plain.time))' or '\(nearest) \(plain.time)'"
    }

    /// The two dates with this day and month nearest today in `direction` (today included),
    /// nearest first, and the weekday typed (0 for Sunday); nil when a name is none.
    private static func nearestDates(
        of plain: PlainDay, now: Date, clock: WallClock, direction: InstantInput.Direction
    ) -> (dates: [CivilDate], weekday: Int)? {
        let named = { (names: [String], word: String) in
            names.firstIndex { $0.lowercased() == word.lowercased() }
        }
        guard
            let month = named(clock.monthAbbreviations, plain.month)
                ?? named(CivilDate.monthAbbreviations, plain.month),
            let weekday = named(clock.weekdayNames, plain.weekday) ?? named(CivilDate.weekdayNames, plain.weekday)
        else { return nil }
        let today = clock.date(of: now)
        let step = direction == .past ? -1 : 1
        let dates = [0, step, 2 * step].compactMap {
            CivilDate(checkedYear: today.year + $0, month: month + 1, day: plain.day)
        }.filter { direction == .past ? $0 <= today : $0 >= today }
        return (Array(dates.prefix(2)), weekday)
    }
}
