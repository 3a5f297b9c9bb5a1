/// A recurring reminder as an iCalendar RRULE: nil for one on a single day.
extension OwnReminderRepeat {
    public var rule: String? {
        switch self {
        case .every(let days, _): return days == 1 ? "FREQ=DAILY" : "FREQ=DAILY;INTERVAL=\(days)"
        case .on: return nil
        case .weekly(let weekdays):
            let days = MedicationDays.order.filter(weekdays.weekdays.contains).map { Self.byDay[$0] }
            return "FREQ=WEEKLY;BYDAY=" + days.joined(separator: ",")
        case .monthly(let day):
            // The 31st is every month's last (-1, which calcurse reads too). A 29th or 30th is
            // that day alone: calcurse ignores BYSETPOS, so the shorter months' last days are
            // events of their own (`ruleIncludes`).
            return "FREQ=MONTHLY;BYMONTHDAY=\(day < 31 ? day : -1)"
        }
    }

    /// Whether its RRULE has this day: a day it comes on but a shorter month's last day
    /// standing in for a 29th or 30th, which BYMONTHDAY=29 or 30 skips.
    public func ruleIncludes(_ date: CivilDate) -> Bool {
        if case .monthly(let day) = self, day > 28, day < 31 { return date.day == day }
        return includes(date)
    }

    /// RFC 5545's weekday names, Sunday first as `CivilDate.weekday`.
    static let byDay = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
}
