import ArgumentParser
import NudgeCore

/// Which local days a listing or an export covers: one day, a span, or the last N days.
struct DayRangeOptions: ParsableArguments {
    @Option(help: "One day: YYYY-MM-DD, today or yesterday.") var date: String?
    @Option(help: "From this day on (YYYY-MM-DD, today or yesterday); alone, through the last entry.") var from: String?
    @Option(help: "Up to and including this day; alone, from the first entry.") var to: String?
    @Option(
        parsing: .unconditional, help: "The last N days, today included (1-36500).",
        transform: WholeNumber.parser(Self.dayCounts))
    var days: Int?

    static let dayCounts = 1...36500

    /// The first and last day asked for; nil where the range reaches the diary's first or last
    /// entry.
    struct Days: Equatable {
        var first: CivilDate?
        var last: CivilDate?

        static let all = Days(first: nil, last: nil)
    }

    var isGiven: Bool { date != nil || from != nil || to != nil || days != nil }

    /// The days the options name, or `otherwise` when none is given.
    func days(today: CivilDate, otherwise: Days) throws(InputError) -> Days {
        guard isGiven else { return otherwise }
        guard [date != nil, from != nil || to != nil, days != nil].filter({ $0 }).count == 1 else {
            throw InputError("give one of --date, --from/--to and --days, not several")
        }
        if let date {
            let day = try Self.day(date, option: "--date", today: today)
            return Days(first: day, last: day)
        }
        if let days {
            guard Self.dayCounts.contains(days) else {
                throw InputError("--days \(days) is out of range; give a number of days from 1 to 36500")
            }
            return Days(first: today.adding(days: 1 - days), last: today)
        }
        let first = try from.map { text throws(InputError) in try Self.day(text, option: "--from", today: today) }
        let last = try to.map { text throws(InputError) in try Self.day(text, option: "--to", today: today) }
        if let first, let last, first > last {
            throw InputError("--from \(first) is after --to \(last); give a --from on or before --to")
        }
        return Days(first: first, last: last)
    }

    /// `YYYY-MM-DD`, `today` or `yesterday`.
    static func day(_ text: String, option: String, today: CivilDate) throws(InputError) -> CivilDate {
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default:
            guard let day = CivilDate(iso: text), (1...9999).contains(day.year) else {
                throw InputError("\(option) '\(text)' is not a day; give YYYY-MM-DD, today or yesterday")
            }
            return day
        }
    }
}
