/// A wall-clock time of day (hour and minute), the way reminder times are set and stored.
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    public var secondsOfDay: Int { hour * 3600 + minute * 60 }

    /// The canonical stored form, `HH:MM`.
    public var description: String { "\(pad(hour, 2)):\(pad(minute, 2))" }

    public static let midnight = LocalTime(hour: 0, minute: 0)!

    /// Accepts `20:00`, `8:05`, `8pm`, `8 PM`, `8:30 pm`, `8:30a.m.`, `noon` and `midnight`;
    /// refuses `25:99` and `13pm`.
    public init?(parsing input: String) {
        var text = input.lowercased().filter { !$0.isWhitespace && $0 != "." }
        switch text {
        case "noon", "midday": text = "12:00"
        case "midnight": text = "00:00"
        default: break
        }
        var meridiem: String?
        for suffix in ["am", "pm"] where text.hasSuffix(suffix) {
            meridiem = suffix
            text.removeLast(2)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            var hour = Int(parts[0])
        else { return nil }
        let minute: Int
        if parts.count == 2 {
            guard parts[1].count == 2, let parsed = Int(parts[1]) else { return nil }
            minute = parsed
        } else {
            // A bare hour is only a time with am/pm ("8pm"); "20" alone is ambiguous.
            guard meridiem != nil else { return nil }
            minute = 0
        }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        self.init(hour: hour, minute: minute)
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.secondsOfDay < rhs.secondsOfDay
    }
}
