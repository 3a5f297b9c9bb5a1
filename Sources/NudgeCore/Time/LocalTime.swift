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

    /// Only the stored form, `HH:MM` in ASCII digits: what another program wrote loosely
    /// (`8am`, `8:00`) is no time nudge stored.
    public init?(stored text: some StringProtocol) {
        let characters = Array(text)
        guard characters.count == 5, characters[2] == ":",
            characters.enumerated().allSatisfy({ $0.offset == 2 || ("0"..."9").contains($0.element) }),
            let hour = Int(String(characters[0...1])), let minute = Int(String(characters[3...4]))
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    public static let midnight = LocalTime(hour: 0, minute: 0)!

    /// Accepts `20:00`, `8:05`, `8pm`, `8 PM`, `8:30 pm`, `8:30a.m.`, `noon` and `midnight`, and
    /// as people also write them: a bare hour (`9` is 09:00, `21` is 21:00), the hour with `h`
    /// (`22h`, `9h30`), a dot for the colon (`9.30`, `21.30`) and four digits (`0900`, `2130`);
    /// refuses `25:99`, `13pm`, `1.5` and `2 2:10`.
    /// Dots and spaces only in the am/pm (`8 p.m.`) and one dot for the colon (`21.30`): read
    /// anywhere else, `1.5` was 15:00 and `2 2:10` 22:10 (hostile round on issue 40).
    public init?(parsing input: String) {
        var text = input.lowercased().trimmingCharacters(in: .whitespaces)
        switch text {
        case "noon", "midday": text = "12:00"
        case "midnight": text = "00:00"
        default: break
        }
        var meridiem: String?
        let tail = text.reversed().prefix { "apm. ".contains($0) }
        let spelled = String(tail.reversed()).filter { $0 != "." && !$0.isWhitespace }
        if spelled == "am" || spelled == "pm" {
            meridiem = spelled
            text = String(text.dropLast(tail.count)).trimmingCharacters(in: .whitespaces)
        }
        if text.wholeMatch(of: /[0-9]{1,2}\.[0-9]{2}/) != nil { text = text.replacing(".", with: ":") }
        guard let (hour, minute) = Self.fields(text, meridiem: meridiem != nil) else { return nil }
        var hour24 = hour
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour24 = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        self.init(hour: hour24, minute: minute)
    }

    /// The hour and minute of `9:30`, `9`, `22h`, `9h30` or `0930` (the last two without am/pm).
    private static func fields(_ text: String, meridiem: Bool) -> (Int, Int)? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ":" || $0 == "h") }) else {
            return nil
        }
        if text.count == 4, !meridiem, let hour = Int(text.prefix(2)), let minute = Int(text.suffix(2)) {
            return (hour, minute)
        }
        let separator: Character = text.contains("h") && !meridiem ? "h" : ":"
        let parts = text.split(separator: separator, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 2, let hour = Int(parts[0]) else {
            return nil
        }
        // `22h` has an empty minute; `9:` and `9:5` are no time.
        guard parts.count == 2, !(separator == "h" && parts[1].isEmpty) else { return (hour, 0) }
        guard parts[1].count == 2, let minute = Int(parts[1]) else { return nil }
        return (hour, minute)
    }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
        lhs.secondsOfDay < rhs.secondsOfDay
    }
}
