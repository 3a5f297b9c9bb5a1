import Foundation

/// When a person's own reminder comes due (`nudge remind`): every N days counted from a day
/// (which *Done* moves: N days from when it was done), once on a date, on weekdays, or on a
/// day of each month (the last day of a shorter month stands in for a 29th to 31st).
public enum OwnReminderRepeat: Sendable, Equatable {
    case every(days: Int, from: CivilDate)
    case on(CivilDate)
    case weekly(MedicationDays)
    case monthly(day: Int)

    /// Whether it comes due on this local day.
    public func includes(_ date: CivilDate) -> Bool {
        switch self {
        case .every(let days, let from):
            let since = date.daysSinceEpoch - from.daysSinceEpoch
            return since >= 0 && since % days == 0
        case .on(let day): return date == day
        case .weekly(let weekdays): return weekdays.includes(date)
        case .monthly(let day): return date.day == min(day, Self.daysIn(year: date.year, month: date.month))
        }
    }

    /// `every 3 days`, `on 2026-12-24`, `weekly mon,thu`, `monthly on day 31`.
    public var description: String {
        switch self {
        case .every(let days, _): return DurationText.every(days: days)
        case .on(let day): return "on \(day)"
        case .weekly(let weekdays): return "weekly \(weekdays)"
        case .monthly(let day): return "monthly on day \(day)"
        }
    }

    static func daysIn(year: Int, month: Int) -> Int {
        let next =
            month == 12 ? CivilDate(year: year + 1, month: 1, day: 1) : CivilDate(year: year, month: month + 1, day: 1)
        return next.adding(days: -1).day
    }

    /// `--every 3d` (or `3`, `2w`, `1 week`: `DayCount`): the number of days, 1 to 3650.
    public static func days(_ text: String) throws(InputError) -> Int {
        guard let days = DayCount.parse(text), (1...3650).contains(days) else {
            throw InputError(
                "--every '\(TextInput.oneLine(text))' is not a number of days; give 1 to 3650 days, as --every 3d or --every 2w"
            )
        }
        return days
    }

    /// `--monthly 1` to `31`.
    public static func monthDay(_ text: String) throws(InputError) -> Int {
        guard let day = Int(text), (1...31).contains(day) else {
            throw InputError(
                "--monthly '\(TextInput.oneLine(text))' is not a day of the month; give 1 to 31 (31 is each month's last day)"
            )
        }
        return day
    }
}
