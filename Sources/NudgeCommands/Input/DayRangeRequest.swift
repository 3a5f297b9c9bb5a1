import NudgeCore
import NudgeReports

/// Which local days a listing or an export covers, as given: one day, a span, or the last N
/// days. Which days `monday` or `today` are comes from the context's clock.
public struct DayRangeRequest: Sendable {
    public var date: GivenDay?
    public var from: GivenDay?
    public var to: GivenDay?
    public var days: Int?

    public init(date: GivenDay?, from: GivenDay?, to: GivenDay?, days: Int?) {
        (self.date, self.from, self.to, self.days) = (date, from, to, days)
    }

    public static let dayCounts = 1...36500

    private var isGiven: Bool { date != nil || from != nil || to != nil || days != nil }

    /// The days the options name, or `otherwise` when none is given.
    public func days(today: CivilDate, otherwise: DayRange) throws(InputError) -> DayRange {
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
        var last = to?.resolved(today: today, direction: .past)
        // A week as people name it: `--from mon --to sun` said on a Friday is from this Monday to
        // the Sunday after it, not the one before (hostile round of issue 40: refused as --from
        // after --to).
        if let first, let end = last, end < first, case .spoken(.weekday(let weekday)) = to {
            last = first.onOrAfter(weekday: weekday)
        }
        if let first, let last, first > last {
            throw InputError("--from \(first) is after --to \(last); give a --from on or before --to")
        }
        return DayRange(first: first, last: last)
    }
}
