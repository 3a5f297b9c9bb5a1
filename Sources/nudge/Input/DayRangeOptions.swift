import ArgumentParser
import NudgeCore
import NudgeReports

/// Which local days a listing or an export covers: one day, a span, or the last N days.
struct DayRangeOptions: ParsableArguments {
    @Option(help: "One day: \(GivenDay.accepted).", transform: TypedArguments.day) var date: GivenDay?
    @Option(help: "From this day on (as --date); alone, through the last entry.", transform: TypedArguments.day)
    var from: GivenDay?
    @Option(help: "Up to and including this day; alone, from the first entry.", transform: TypedArguments.day)
    var to: GivenDay?
    @Option(
        parsing: .unconditional, help: "The last N days, today included (1-36500).",
        transform: WholeNumber.parser(Self.dayCounts))
    var days: Int?

    static let dayCounts = 1...36500

    var isGiven: Bool { date != nil || from != nil || to != nil || days != nil }

    /// The days the options name, or `otherwise` when none is given.
    func days(today: CivilDate, otherwise: DayRange) throws(InputError) -> DayRange {
        guard isGiven else { return otherwise }
        guard [date != nil, from != nil || to != nil, days != nil].filter({ $0 }).count == 1 else {
            throw InputError("give one of --date, --from/--to and --days, not several")
        }
        if let date {
            let day = date.resolved(today: today, direction: .past)
            return DayRange(first: day, last: day)
        }
        if let days {
            guard Self.dayCounts.contains(days) else {
                throw InputError("--days \(days) is out of range; give a number of days from 1 to 36500")
            }
            return DayRange(first: today.adding(days: 1 - days), last: today)
        }
        let first = from?.resolved(today: today, direction: .past)
        let last = to?.resolved(today: today, direction: .past)
        if let first, let last, first > last {
            throw InputError("--from \(first) is after --to \(last); give a --from on or before --to")
        }
        return DayRange(first: first, last: last)
    }
}
