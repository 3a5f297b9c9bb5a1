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
            // A 29th to 31st is a shorter month's last day: the 31st is every month's last
            // (-1, which calcurse reads too), a 29th or 30th the last of the days up to it.
            guard day > 28 else { return "FREQ=MONTHLY;BYMONTHDAY=\(day)" }
            guard day < 31 else { return "FREQ=MONTHLY;BYMONTHDAY=-1" }
            return "FREQ=MONTHLY;BYMONTHDAY=" + (28...day).map(String.init).joined(separator: ",") + ";BYSETPOS=-1"
        }
    }

    /// RFC 5545's weekday names, Sunday first as `CivilDate.weekday`.
    static let byDay = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
}
