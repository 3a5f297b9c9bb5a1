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

    /// `every 3 days`, `on 2026-12-24`, `weekly mon,thu`, `monthly on day 31`. A weekly one of
    /// all seven days (stored before `--weekly` of all seven became `--daily`, or by another
    /// program) is said as `--daily` is, `every day`, not `weekly daily`.
    public var description: String {
        switch self {
        case .every(let days, _): return DurationText.every(days: days)
        case .on(let day): return "on \(day)"
        case .weekly(let weekdays) where weekdays == MedicationDays.everyDay: return DurationText.every(days: 1)
        case .weekly(let weekdays): return "weekly \(weekdays)"
        case .monthly(let day): return "monthly on day \(day)"
        }
    }

    /// The day of its `count`th time, `first` (a day it comes on) the first: a reminder's
    /// `--count`, and an RRULE's COUNT (RFC 5545 counts the event's start first). Nil past
    /// the store's last year, 9999.
    public func day(ofOccurrence count: Int, first: CivilDate) -> CivilDate? {
        let latest = CivilDate(year: 9999, month: 12, day: 31)
        let found: CivilDate?
        switch self {
        case _ where count <= 1, .on: found = first
        case .every(let days, _):
            // Whole days, and no count so large that its day overflows before it is compared.
            guard count - 1 <= latest.daysSinceEpoch / days else { return nil }
            found = first.adding(days: (count - 1) * days)
        case .monthly(let day):
            // Every month has its day (a shorter one its last), `first` the first of them.
            let months = first.year * 12 + first.month - 1 + (count - 1)
            guard months / 12 <= latest.year else { return nil }
            let (year, month) = (months / 12, months % 12 + 1)
            found = CivilDate(year: year, month: month, day: min(day, Self.daysIn(year: year, month: month)))
        case .weekly(let weekdays):
            // As many each week: whole weeks are skipped, then at most a week is looked through.
            let perWeek = max(weekdays.weekdays.count, 1)
            let weeks = (count - 1) / perWeek
            guard weeks <= latest.daysSinceEpoch / 7 else { return nil }
            var day = first.adding(days: weeks * 7)
            var left = count - 1 - weeks * perWeek
            while left > 0, day < latest {
                day = day.adding(days: 1)
                if includes(day) { left -= 1 }
            }
            found = left == 0 ? day : nil
        }
        return found.flatMap { $0 <= latest ? $0 : nil }
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
