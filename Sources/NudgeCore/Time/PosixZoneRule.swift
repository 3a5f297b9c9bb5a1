/// A POSIX TZ rule (`CET-1CEST,M3.5.0,M10.5.0/3`): what a TZif file's footer says about every
/// instant after its last transition, and what `TZ` may hold instead of a zone's name.
///
/// Accepts RFC 8536's extensions: names in angle brackets (`<+0545>`) and rule times from
/// -167 to 167 hours. Offsets are written west-positive (`EST5` is UTC-5); they are stored
/// as seconds east of UTC.
public struct PosixZoneRule: Sendable, Equatable {
    public struct Kind: Sendable, Equatable {
        public var offset: Int
        public var abbreviation: String
    }

    /// A day of the year a change happens on, and the local time of day it happens at.
    enum Day: Sendable, Equatable {
        /// `Jn`: 1...365, February 29 never counted.
        case julian(Int)
        /// `n`: 0...365, February 29 counted.
        case zeroBased(Int)
        /// `Mm.w.d`: weekday d (0 = Sunday) of week w (5 = the last) of month m.
        case weekday(month: Int, week: Int, weekday: Int)
    }

    struct Change: Sendable, Equatable {
        var day: Day
        var secondsOfDay: Int
    }

    public var standard: Kind
    public var daylight: Kind?
    var start = Change(day: .weekday(month: 3, week: 2, weekday: 0), secondsOfDay: 7200)
    var end = Change(day: .weekday(month: 11, week: 1, weekday: 0), secondsOfDay: 7200)

    public init?(_ text: some StringProtocol) {
        var scanner = Scanner(Array(text.utf8))
        guard let standardName = scanner.name(), let standardOffset = scanner.offset() else { return nil }
        standard = Kind(offset: -standardOffset, abbreviation: standardName)
        if scanner.isAtEnd { return }
        guard let daylightName = scanner.name() else { return nil }
        let daylightOffset =
            scanner.peek == UInt8(ascii: ",") || scanner.isAtEnd ? standardOffset - 3600 : scanner.offset()
        guard let daylightOffset else { return nil }
        daylight = Kind(offset: -daylightOffset, abbreviation: daylightName)
        // Without rules, the defaults of tzcode (and glibc): the US rules since 2007.
        if scanner.isAtEnd { return }
        guard scanner.take(","), let start = scanner.change(), scanner.take(","), let end = scanner.change(),
            scanner.isAtEnd
        else { return nil }
        self.start = start
        self.end = end
    }

    /// The kind of time in force at an instant (seconds since the epoch).
    public func kind(at instant: Int) -> Kind {
        guard let daylight else { return standard }
        let year = CivilDate(daysSinceEpoch: (instant + standard.offset).floorDiv(86400)).year
        // The latest change at or before the instant, over the years either side: a rule's
        // changes may cross the turn of the year (southern summers, J365/25).
        var latest = Int.min
        var isDaylight = false
        for candidate in year - 1...year + 1 {
            let starts = start.instant(in: candidate, offset: standard.offset)
            if starts <= instant, starts >= latest { (latest, isDaylight) = (starts, true) }
            let ends = end.instant(in: candidate, offset: daylight.offset)
            if ends <= instant, ends >= latest { (latest, isDaylight) = (ends, false) }
        }
        return isDaylight ? daylight : standard
    }
}

extension PosixZoneRule.Change {
    /// The instant of this change in a year, for a local time at `offset` seconds east of UTC.
    func instant(in year: Int, offset: Int) -> Int {
        let january1 = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days: Int
        switch day {
        case .julian(let n):
            days = january1 + n - 1 + (isLeap && n >= 60 ? 1 : 0)
        case .zeroBased(let n):
            days = january1 + n
        case .weekday(let month, let week, let weekday):
            let first = CivilDate(year: year, month: month, day: 1).daysSinceEpoch
            // 1970-01-01 was a Thursday (4).
            let firstWeekday = (first + 4).floorMod(7)
            var day = first + (weekday - firstWeekday).floorMod(7) + (week - 1) * 7
            let next =
                month == 12
                ? CivilDate(year: year + 1, month: 1, day: 1) : CivilDate(year: year, month: month + 1, day: 1)
            while day >= next.daysSinceEpoch { day -= 7 }
            days = day
        }
        return days * 86400 + secondsOfDay - offset
    }
}

/// Reads a TZ rule left to right; every method returns nil (or false) without consuming on a
/// malformed part.
private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }
    var peek: UInt8? { isAtEnd ? nil : bytes[index] }

    mutating func take(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, peek == ascii else { return false }
        index += 1
        return true
    }

    /// `EST` (three or more letters) or `<+0545>` (letters, digits, + and -).
    mutating func name() -> String? {
        let begin = index
        if take("<") {
            let nameStart = index
            while let byte = peek, byte != UInt8(ascii: ">") {
                guard byte.isLetterOrDigit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else { break }
                index += 1
            }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            guard name.utf8.count >= 3, take(">") else {
                index = begin
                return nil
            }
            return name
        }
        while let byte = peek, byte.isLetter { index += 1 }
        guard index - begin >= 3 else {
            index = begin
            return nil
        }
        return String(decoding: bytes[begin..<index], as: UTF8.self)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, hours up to `maximumHours`.
    mutating func offset(maximumHours: Int = 24) -> Int? {
        let begin = index
        var sign = 1
        if take("-") { sign = -1 } else { _ = take("+") }
        guard let hours = number(maximum: maximumHours) else {
            index = begin
            return nil
        }
        var seconds = hours * 3600
        if take(":") {
            guard let minutes = number(maximum: 59) else {
                index = begin
                return nil
            }
            seconds += minutes * 60
            if take(":") {
                guard let extra = number(maximum: 59) else {
                    index = begin
                    return nil
                }
                seconds += extra
            }
        }
        return sign * seconds
    }

    /// `Jn`, `n` or `Mm.w.d`, then `/time` (default 02:00).
    mutating func change() -> PosixZoneRule.Change? {
        let day: PosixZoneRule.Day
        if take("J") {
            guard let n = number(maximum: 365), n >= 1 else { return nil }
            day = .julian(n)
        } else if take("M") {
            guard let month = number(maximum: 12), month >= 1, take("."), let week = number(maximum: 5), week >= 1,
                take("."),
                let weekday = number(maximum: 6)
            else { return nil }
            day = .weekday(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(maximum: 365) else { return nil }
            day = .zeroBased(n)
        }
        var secondsOfDay = 7200
        if take("/") {
            guard let time = offset(maximumHours: 167) else { return nil }
            secondsOfDay = time
        }
        return PosixZoneRule.Change(day: day, secondsOfDay: secondsOfDay)
    }

    private mutating func number(maximum: Int) -> Int? {
        let begin = index
        var value = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), index - begin < 3 {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            index += 1
        }
        guard index > begin, value <= maximum else {
            index = begin
            return nil
        }
        return value
    }
}

extension UInt8 {
    fileprivate var isLetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
    fileprivate var isLetterOrDigit: Bool { isLetter || (self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")) }
}
