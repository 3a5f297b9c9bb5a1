import Foundation

/// Resolves the instants a person gives on the command line (`--at`, `--from`, `--since`)
/// against now and the zone, as a person means them (`GivenInstant` has the forms): a time of
/// day is its most recent past occurrence for something that happened (at 01:30, `22:10` is
/// last night) and its next one for something that will.
public enum InstantInput {
    public enum Direction: Sendable {
        /// Something that happened: a bare time is the latest one at or before now.
        case past
        /// Something that will happen: a bare time is the first one after now.
        case future
    }

    public static let accepted =
        "now, a local time such as 22:10 or 10pm, a day and a time such as yesterday 22:10, monday 9:00 or last monday at 9am, a span ago such as 3 days ago, an hour ago, 1h30m ago or -2h, a local date and time such as 2026-11-21 22:10, or ISO 8601 with an offset such as 2026-11-21T22:10:00-05:00"

    /// For a time to come (`call remind --at`).
    public static let acceptedFuture =
        "a local time such as 18:30 or 6:30pm (the next one), a day and a time such as tomorrow at 9am, friday 18:00 (the next Friday, today if its 18:00 is to come) or next friday 18:00 (the first Friday after today: tomorrow, said on a Thursday), a span ahead such as in an hour, in 1h30m or in 3 days, or a local date and time such as 2026-11-28 18:00"

    /// A time of day as the one a person means: its latest past occurrence, or its next one.
    public static func occurrence(of time: LocalTime, now: Date, clock: WallClock, direction: Direction) -> Date? {
        let today = clock.date(of: now)
        switch direction {
        case .past:
            // The latest at or before now; on a fall-back night, the second 01:30 once it has
            // passed. A second's grace: "now" typed as the current minute is not the future.
            if let instant = clock.instants(on: today, at: time).last(where: { $0 <= now.addingTimeInterval(1) }) {
                return instant
            }
            return clock.instants(on: today.adding(days: -1), at: time).last
        case .future:
            if let instant = clock.instants(on: today, at: time).first(where: { $0 > now }) { return instant }
            return clock.instant(on: today.adding(days: 1), at: time)
                ?? clock.instant(on: today.adding(days: 2), at: time)
        }
    }

    /// A day further back than yesterday, named plainly: `Monday 23 Nov, 10:00`.
    public static func plainDay(_ instant: Date, clock: WallClock) -> String {
        let date = clock.date(of: instant)
        return
            "\(clock.weekdayName(date)) \(date.day) \(clock.monthAbbreviations[date.month - 1]), \(clock.timeOfDay(instant))"
    }

    /// How an instant was understood, for every confirmation and refusal:
    /// `22:10 yesterday, 2026-11-21 22:10 EST`, or `2026-11-18 22:10 EST` further away; with
    /// its second (`22:10:20`) where that decides (`toTheSecond`).
    public static func describe(_ instant: Date, now: Date, clock: WallClock, toTheSecond: Bool = false) -> String {
        let date = clock.date(of: instant)
        let time = clock.timeOfDay(instant, toTheSecond: toTheSecond)
        let full = "\(date) \(time) \(clock.abbreviation(at: instant))"
        let today = clock.date(of: now)
        let day: String
        switch date.daysSinceEpoch - today.daysSinceEpoch {
        case 0: day = "today"
        case -1: day = "yesterday"
        case 1: day = "tomorrow"
        default: return full
        }
        return "\(time) \(day), \(full)"
    }

    /// A time a thing happened: not in the future, and no more than `maximumAge` ago. With
    /// `echo` false, a refusal names the option but not what was typed (the therapy journal).
    public static func pastInstant(
        _ typed: GivenInstant, option: String, now: Date, clock: WallClock, maximumAge: TimeInterval,
        echo: Bool = true
    ) throws(InputError) -> Date {
        let instant = try anyInstant(typed, option: option, now: now, clock: clock, echo: echo)
        let given = echo ? "\(option) '\(typed.text)'" : option
        if let refusal = wallTimeRefusal(typed, instant: instant, now: now, clock: clock) {
            throw InputError("\(given)\(refusal)")
        }
        let understood = describe(instant, now: now, clock: clock)
        guard instant <= now.addingTimeInterval(1) else {
            throw InputError("\(given) (\(understood)) is in the future; give a time that has passed")
        }
        guard now.timeIntervalSince(instant) <= maximumAge else {
            let span = DurationText.span(maximumAge)
            throw InputError("\(given) (\(understood)) is more than \(span) ago; give a time within the last \(span)")
        }
        return instant
    }

    /// How far ahead a bare time of day for something that happened is a slip for now, not
    /// yesterday's: a person logs what has just happened, and "22:35" at 22:30 is a typo or a
    /// clock misread, not 23 h 55 min ago (hostile round of issue 40: it was logged so). Past
    /// 2 h it is yesterday's, as README says (at 01:30, `22:10` is last night).
    public static let slipAhead: TimeInterval = 2 * 3600

    /// Why a wall-clock time for something that happened is refused, after the option: one a
    /// spring-forward skipped on its day (it was logged at the gap's end), or a bare time
    /// later today by up to `slipAhead`.
    private static func wallTimeRefusal(_ typed: GivenInstant, instant: Date, now: Date, clock: WallClock) -> String? {
        let time: LocalTime
        switch typed.form {
        case .timeOfDay(let typedTime), .onDay(_, let typedTime), .local(_, let typedTime, _): time = typedTime
        case .plainDay(let plain): time = plain.time
        default: return nil
        }
        if let skipped = GivenInstant.skipped(time, on: clock.date(of: instant), clock: clock) { return ": \(skipped)" }
        guard case .timeOfDay = typed.form else { return nil }
        let today = clock.date(of: now)
        guard let ahead = clock.instants(on: today, at: time).first, ahead > now.addingTimeInterval(1),
            ahead.timeIntervalSince(now) <= slipAhead
        else { return nil }
        if let skipped = GivenInstant.skipped(time, on: today, clock: clock) { return ": \(skipped)" }
        return
            " (\(describe(ahead, now: now, clock: clock))) is \(DurationText.relative(ahead.timeIntervalSince(now))); a time to come cannot be recorded; give a time that has passed, or 'yesterday \(clock.text(time))'"
    }

    /// An instant to list from (`--from`, `--since`): any time from 1900 to 9999, a time or a
    /// day in words read back from now, or ahead with `direction` `.future` (`upcoming --from
    /// 'monday 9:00'` is the next Monday's: hostile round of issue 40, it listed the last's).
    /// With `echo` false, a refusal does not repeat what was typed.
    public static func anyInstant(
        _ typed: GivenInstant, option: String, now: Date, clock: WallClock, echo: Bool = true,
        direction: Direction = .past
    ) throws(InputError) -> Date {
        let given = echo ? "\(option) '\(typed.text)'" : option
        if let skipped = typed.skippedReading(now: now, clock: clock, direction: direction)
            ?? typed.wrongWeekday(now: now, clock: clock, direction: direction)
        {
            throw InputError("\(given): \(skipped)")
        }
        guard let instant = typed.resolved(now: now, clock: clock, direction: direction) else {
            if case .named(let day, let time, let abbreviation) = typed.form,
                let local = clock.instants(on: day, at: time).first
            {
                // A clock on UTC names one zone, not the same twice (hostile round of issue 40).
                let own = clock.abbreviation(at: local)
                throw InputError(
                    "\(given): this clock calls \(day) \(clock.text(time)) \(own), not \(abbreviation); give it in \(own == "UTC" ? "UTC" : "\(own) or UTC")"
                )
            }
            throw InputError("\(given) names no instant on this clock; give \(accepted)")
        }
        guard instant <= Timestamp.latest else {
            throw InputError("\(given) is past the year 9999; give an earlier time")
        }
        // In local time: Paris's mean time put 1900-01-01 00:05 there in 1899 in UTC.
        guard instant >= Timestamp.earliest || clock.date(of: instant).year >= 1900 else {
            throw InputError("\(given) is before the year 1900; give a time from 1900 to 9999")
        }
        return instant
    }
}
