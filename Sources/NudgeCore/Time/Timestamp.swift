import Foundation

/// ISO 8601 text as the store keeps it: written in UTC with `Z` to the second; read also with
/// fractional seconds, numeric offsets, without seconds, and SQLite's `YYYY-MM-DD HH:MM:SS`
/// (UTC), which other writers of the store produce.
public enum Timestamp {
    /// The last instant the store's four-digit years can write; nothing later is accepted.
    public static let latest = Date(timeIntervalSince1970: 253_402_300_799)
    /// The first instant a person may type (1900-01-01T00:00:00Z): earlier ones are slips (year
    /// 0 was listed as `00-1-12-31`), and zone rules before 1900 are local mean times.
    public static let earliest = Date(timeIntervalSince1970: -2_208_988_800)

    /// `2026-11-21T20:00:00Z`: whole seconds, truncated.
    public static func format(_ date: Date) -> String { format(date, fractionDigits: 0) }

    /// With `fractionDigits` (0 to 6) of the second, truncated: `2026-11-21T20:00:00.123Z` with 3,
    /// as DoseTap writes its times.
    public static func format(_ date: Date, fractionDigits: Int) -> String {
        precondition((0...6).contains(fractionDigits))
        // Whole microseconds first: 49.923 s is 49.92299999… as a Double, and must not lose its 3.
        let microseconds = Int((date.timeIntervalSince1970 * 1e6).rounded())
        let seconds = microseconds.floorDiv(1_000_000)
        let day = CivilDate(daysSinceEpoch: seconds.floorDiv(86400))
        let second = seconds.floorMod(86400)
        var text = "\(day)T\(pad(second / 3600, 2)):\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))"
        if fractionDigits > 0 {
            let scale = (0..<(6 - fractionDigits)).reduce(1) { value, _ in value * 10 }
            text += "." + pad(microseconds.floorMod(1_000_000) / scale, fractionDigits)
        }
        return text + "Z"
    }

    /// `20261124T033000Z`: `format` without its dashes and colons, as file names carry an
    /// instant (backups, the copies and logs kept beside the store): sorts by time, and has no
    /// colon for sync tools that refuse one.
    public static func compact(_ date: Date) -> String { format(date).filter { $0 != ":" && $0 != "-" } }

    /// The instant of a `compact` text; nil for anything else.
    public static func parse(compact text: some StringProtocol) -> Date? {
        let characters = Array(text)
        guard characters.count == 16, characters[8] == "T", characters[15] == "Z" else { return nil }
        let digits = characters.map(String.init)
        return parse(
            digits[0..<4].joined() + "-" + digits[4..<6].joined() + "-" + digits[6..<8].joined() + "T"
                + digits[9..<11].joined() + ":" + digits[11..<13].joined() + ":" + digits[13..<15].joined() + "Z")
    }

    public static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    private static func parse(utf8 scalars: UnsafeBufferPointer<UInt8>) -> Date? {
        guard scalars.count >= 16, scalars[10] == UInt8(ascii: "T") || scalars[10] == UInt8(ascii: " "),
            let year = number(scalars, 0, 4), scalars[4] == UInt8(ascii: "-"), let month = number(scalars, 5, 2),
            scalars[7] == UInt8(ascii: "-"), let dayOfMonth = number(scalars, 8, 2),
            let day = CivilDate(checkedYear: year, month: month, day: dayOfMonth),
            scalars[13] == UInt8(ascii: ":"),
            let hour = number(scalars, 11, 2), let minute = number(scalars, 14, 2),
            hour < 24, minute < 60
        else { return nil }
        // Seconds may be left out (`2026-11-20T10:00`, as other writers store it).
        var second = 0
        var index = 16
        if index < scalars.count, scalars[index] == UInt8(ascii: ":") {
            guard let seconds = number(scalars, 17, 2), seconds < 61 else { return nil }
            second = seconds
            index = 19
        }
        var fraction = 0.0
        if index < scalars.count, scalars[index] == UInt8(ascii: ".") || scalars[index] == UInt8(ascii: ",") {
            index += 1
            var scale = 0.1
            let start = index
            while index < scalars.count, let digit = digitValue(scalars[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if index < scalars.count {
            switch scalars[index] {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                index += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                let sign = scalars[index] == UInt8(ascii: "+") ? 1 : -1
                guard let hours = number(scalars, index + 1, 2) else { return nil }
                index += 3
                var minutes = 0
                if index < scalars.count {
                    if scalars[index] == UInt8(ascii: ":") { index += 1 }
                    guard let parsed = number(scalars, index, 2) else { return nil }
                    minutes = parsed
                    index += 2
                }
                guard hours <= 18, minutes < 60 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            default:
                return nil
            }
        }
        guard index == scalars.count else { return nil }
        let seconds = day.daysSinceEpoch * 86400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func number(_ scalars: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= scalars.count else { return nil }
        var value = 0
        for index in start..<(start + count) {
            guard let digit = digitValue(scalars[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func digitValue(_ scalar: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scalar) ? Int(scalar - UInt8(ascii: "0")) : nil
    }
}

extension Int {
    func floorDiv(_ divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    func floorMod(_ divisor: Int) -> Int {
        self - floorDiv(divisor) * divisor
    }
}
