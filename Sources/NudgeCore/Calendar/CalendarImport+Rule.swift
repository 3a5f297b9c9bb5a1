/// The RRULEs an own reminder can say, read.
extension CalendarImport {
    /// How a rule ends: after a number of times (COUNT), or at an instant or day (UNTIL, as
    /// written: a date, a UTC time, or a time read in the event's zone).
    enum RuleEnd: Equatable {
        case count(Int)
        case until(ICalendarTime.Written)
    }

    /// The most times a COUNT may say: one a day for over 2,700 years.
    static let countLimit = 1_000_000

    /// The repeat of a rule whose alarm falls on `alarmDay`, `shift` days from the event's own,
    /// and its end, nil for none.
    static func repeats(_ rule: String, alarmDay: CivilDate, shift: Int) throws(Refusal) -> (
        repeats: OwnReminderRepeat, end: RuleEnd?
    ) {
        var parts: [String: String] = [:]
        for part in rule.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).uppercased() }
            guard pair.count == 2, parts[pair[0]] == nil else { throw .leftOut(.rule) }
            parts[pair[0]] = pair[1]
        }
        let end = try ruleEnd(count: parts.removeValue(forKey: "COUNT"), until: parts.removeValue(forKey: "UNTIL"))
        parts["WKST"] = nil
        let interval = try interval(&parts)
        return (try repeats(parts, interval: interval, alarmDay: alarmDay, shift: shift), end)
    }

    private static func interval(_ parts: inout [String: String]) throws(Refusal) -> Int {
        guard let interval = parts.removeValue(forKey: "INTERVAL").map(Int.init) ?? 1, interval >= 1 else {
            throw .leftOut(.rule)
        }
        return interval
    }

    /// COUNT or UNTIL (both is no rule RFC 5545 allows).
    private static func ruleEnd(count: String?, until: String?) throws(Refusal) -> RuleEnd? {
        switch (count, until) {
        case (nil, nil): return nil
        case (let count?, nil):
            guard let times = Int(count), (1...countLimit).contains(times) else { throw .leftOut(.rule) }
            return .count(times)
        case (nil, let until?):
            let property = ICalendarComponent.Property(name: "UNTIL", parameters: [:], value: until)
            guard let written = ICalendarTime.written(property) else { throw .leftOut(.rule) }
            return .until(written)
        default: throw .leftOut(.rule)
        }
    }

    private static func repeats(_ given: [String: String], interval: Int, alarmDay: CivilDate, shift: Int)
        throws(Refusal) -> OwnReminderRepeat
    {
        var parts = given
        guard let frequency = parts.removeValue(forKey: "FREQ") else { throw .leftOut(.rule) }
        let byDay = try parts.removeValue(forKey: "BYDAY").map { text throws(Refusal) in try weekdays(text, shift) }
        let byMonthDay = parts.removeValue(forKey: "BYMONTHDAY")
        guard parts.isEmpty else { throw .leftOut(.rule) }
        switch frequency {
        case "DAILY" where byMonthDay == nil:
            if let byDay {
                guard interval == 1 else { throw .leftOut(.rule) }
                return .weekly(MedicationDays(weekdays: byDay))
            }
            guard interval <= 3650 else { throw .leftOut(.rule) }
            return .every(days: interval, from: alarmDay)
        case "WEEKLY" where byMonthDay == nil:
            let days = byDay ?? [alarmDay.weekday]
            if interval == 1 { return .weekly(MedicationDays(weekdays: days)) }
            // Every other week on one day is every 14 days.
            guard days == [alarmDay.weekday], interval <= 3650 / 7 else { throw .leftOut(.rule) }
            return .every(days: interval * 7, from: alarmDay)
        case "MONTHLY" where byDay == nil && interval == 1:
            guard let byMonthDay else {
                guard shift == 0 else { throw .leftOut(.alarmDay) }
                return .monthly(day: alarmDay.day)
            }
            // The month's last day (-1) is nudge's 31, which a shorter month reads as its last.
            guard let day = Int(byMonthDay), (1...31).contains(day) || day == -1 else { throw .leftOut(.rule) }
            guard shift != 0 else { return .monthly(day: day == -1 ? 31 : day) }
            // An alarm a day or so off the event's day is on the same day of every month
            // only within the days every month has.
            guard (1...28).contains(day), (1...28).contains(day + shift) else { throw .leftOut(.alarmDay) }
            return .monthly(day: day + shift)
        default:
            throw .leftOut(.rule)
        }
    }

    /// `MO,TH` as weekdays (0 Sunday), moved by the alarm's shift; `2MO` (the second Monday
    /// of a month) is none nudge can say.
    private static func weekdays(_ text: String, _ shift: Int) throws(Refusal) -> Set<Int> {
        var days: Set<Int> = []
        for name in text.split(separator: ",") {
            guard let day = OwnReminderRepeat.byDay.firstIndex(of: String(name)) else { throw .leftOut(.rule) }
            days.insert(((day + shift) % 7 + 7) % 7)
        }
        return days
    }
}
