import ArgumentParser
import NudgeCore

/// Which local days a listing or an export covers: one day, a span, or the last N days.
struct DayRangeOptions: ParsableArguments {
    @Option(help: "One day: YYYY-MM-DD, today or yesterday.", transform: Day.init) var date: Day?
    @Option(
        help: "From this day on (YYYY-MM-DD, today or yesterday); alone, through the last entry.", transform: Day.init)
    var from: Day?
    @Option(help: "Up to and including this day; alone, from the first entry.", transform: Day.init) var to: Day?
    @Option(
        parsing: .unconditional, help: "The last N days, today included (1-36500).",
        transform: WholeNumber.parser(Self.dayCounts))
    var days: Int?

    static let dayCounts = 1...36500

    /// A day as typed: which day `today` is comes from the context's clock in `run(_:)`.
    enum Day {
        case today, yesterday
        case date(CivilDate)

        init(_ text: String) throws {
            switch text.lowercased() {
            case "today": self = .today
            case "yesterday": self = .yesterday
            default:
                guard let day = CivilDate(iso: text), (1...9999).contains(day.year) else {
                    throw ValidationError("not a day; give YYYY-MM-DD, today or yesterday")
                }
                self = .date(day)
            }
        }

        func resolved(today: CivilDate) -> CivilDate {
            switch self {
            case .today: today
            case .yesterday: today.adding(days: -1)
            case .date(let day): day
            }
        }
    }

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
            let day = date.resolved(today: today)
            return Days(first: day, last: day)
        }
        if let days {
            guard Self.dayCounts.contains(days) else {
                throw InputError("--days \(days) is out of range; give a number of days from 1 to 36500")
            }
            return Days(first: today.adding(days: 1 - days), last: today)
        }
        let first = from?.resolved(today: today)
        let last = to?.resolved(today: today)
        if let first, let last, first > last {
            throw InputError("--from \(first) is after --to \(last); give a --from on or before --to")
        }
        return Days(first: first, last: last)
    }
}
