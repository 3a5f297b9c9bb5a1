import Foundation

/// The DATE, DATE-TIME and DURATION values an importer reads (RFC 5545, 3.3.4 to 3.3.6).
enum ICalendarTime {
    /// A start as written: a day, and a time of day unless it is a DATE; in UTC (`Z`), in a
    /// named zone (TZID), or floating (the reader's local time).
    struct Written: Equatable {
        var date: CivilDate
        var secondsOfDay: Int?
        var isUTC: Bool
        var zone: String?
    }

    static func written(_ property: ICalendarComponent.Property) -> Written? {
        let value = property.value.trimmingCharacters(in: .whitespaces)
        let digits = Array(value.utf8)
        guard digits.count >= 8, let date = civilDate(value.prefix(8)) else { return nil }
        if digits.count == 8 { return Written(date: date, secondsOfDay: nil, isUTC: false, zone: nil) }
        let time = value.dropFirst(8)
        guard time.hasPrefix("T"), time.count == 7 || (time.count == 8 && time.hasSuffix("Z")),
            let hour = Int(time.dropFirst().prefix(2)), let minute = Int(time.dropFirst(3).prefix(2)),
            let second = Int(time.dropFirst(5).prefix(2)), hour < 24, minute < 60, second <= 60
        else { return nil }
        let isUTC = time.hasSuffix("Z")
        return Written(
            date: date, secondsOfDay: hour * 3600 + minute * 60 + min(second, 59), isUTC: isUTC,
            zone: isUTC ? nil : property.parameters["TZID"])
    }

    /// `20261127`.
    static func civilDate(_ text: some StringProtocol) -> CivilDate? {
        guard text.count == 8, text.allSatisfy(\.isASCII), let year = Int(text.prefix(4)),
            let month = Int(text.dropFirst(4).prefix(2)), let day = Int(text.dropFirst(6)), (1...12).contains(month),
            (1...31).contains(day)
        else { return nil }
        let date = CivilDate(year: year, month: month, day: day)
        return CivilDate(daysSinceEpoch: date.daysSinceEpoch) == date ? date : nil
    }

    /// `-PT15M`, `P1D`, `PT1H30M`, `P2W` (and calcurse's `-P300S`): seconds, negative before.
    static func duration(_ text: String) -> Int? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        var sign = 1
        if let first = rest.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var total = 0
        var number = ""
        var inTime = false
        var found = false
        for character in rest {
            if character.isNumber {
                number.append(character)
                continue
            }
            if character == "T" {
                inTime = true
                continue
            }
            guard number.count <= 9, let value = Int(number) else { return nil }
            let unit: Int? =
                switch (character, inTime) {
                case ("W", false): 7 * 86400
                case ("D", false): 86400
                // Hours, minutes and seconds without the T (calcurse writes `-P300S`): a
                // DURATION has no months, so M can only be minutes.
                case ("H", _): 3600
                case ("M", _): 60
                case ("S", _): 1
                default: nil
                }
            guard let unit else { return nil }
            total += value * unit
            number = ""
            found = true
        }
        return found && number.isEmpty ? sign * total : nil
    }
}
