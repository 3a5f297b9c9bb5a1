import Foundation
import NudgeCore
import NudgeReports

/// How a reminder repeats, as `--every`, `--on`, `--weekly` and `--monthly` give it: at most
/// one of them, each read whole before the store is opened, refused naming its option.
public struct OwnReminderRepeatInput {
    public var every: String?
    /// `--daily`: `--every 1d`.
    public var daily: Bool
    public var on: GivenDay?
    /// `--in`: once, that far from now.
    public var within: SpanAhead?
    public var weekly: String?
    public var monthly: String?

    public init(
        every: String?, daily: Bool = false, on: GivenDay?, within: SpanAhead? = nil, weekly: String?,
        monthly: String?
    ) {
        (self.every, self.daily, self.on, self.within) = (every, daily, on, within)
        (self.weekly, self.monthly) = (weekly, monthly)
    }

    public static let options = "--every 3d, --daily, --on 2026-12-24, --in 2h, --weekly mon,thu or --monthly 1"

    public var isGiven: Bool {
        every != nil || daily || on != nil || within != nil || weekly != nil || monthly != nil
    }

    /// The repeat and its time of day: `time` (`--at`), else `kept` (the time a reminder being
    /// edited has). An every-N-days one counts from the first day its time is still to come
    /// (today or tomorrow); a date must not have passed. `--in` hours and minutes is a time of
    /// its own; `--in` days is that day, at the time given, else at now's. Nil when none given.
    /// With `anyReading` (a fall-back night's second reading named), a date has passed only once
    /// the last reading of its time has: which was named is checked after.
    func resolved(at time: LocalTime?, kept: LocalTime? = nil, anyReading: Bool = false, now: Date, clock: WallClock)
        throws -> (OwnReminderRepeat, LocalTime)?
    {
        let given = [every, daily ? "" : nil, on.map { _ in "" }, within.map { _ in "" }, weekly, monthly]
            .compactMap { $0 }
        guard given.count <= 1 else {
            throw CommandFailure("give one of \(Self.options), not \(given.count)", exitCode: 64)
        }
        do throws(InputError) {
            if let within { return try Self.once(within, at: time ?? kept, now: now, clock: clock) }
            guard let time = time ?? kept else { return nil }
            return try repeated(at: time, anyReading: anyReading, now: now, clock: clock).map { ($0, time) }
        } catch {
            throw CommandFailure(error.description, exitCode: 64)
        }
    }

    private func repeated(at time: LocalTime, anyReading: Bool, now: Date, clock: WallClock) throws(InputError)
        -> OwnReminderRepeat?
    {
        let today = clock.date(of: now)
        let weekdays = try weekly.map { (text) throws(InputError) in try MedicationDays.parse(text, option: "--weekly")
        }
        // Every weekday is every day: one rule, so `--weekly` of all seven reads back and is
        // found as `--daily`.
        let everyDay = weekdays?.weekdays == MedicationDays.everyDay.weekdays
        if let every = daily || everyDay ? "1" : every {
            let days = try OwnReminderRepeat.days(every)
            let startsToday = clock.instant(on: today, at: time).map { $0 > now } ?? false
            return .every(days: days, from: startsToday ? today : today.adding(days: 1))
        }
        if let on {
            let due = { (day: CivilDate) in
                anyReading ? clock.instants(on: day, at: time).last : clock.instant(on: day, at: time)
            }
            let day = on.resolvedToCome(today: today) { due($0).map { $0 > now } ?? true }
            guard let due = due(day), due > now else {
                // The fall-back night's 01:45 passed is named with its zone, as the other may be to come.
                let passed = due(day).flatMap { clock.isRepeated($0) ? $0 : nil }
                let at = clock.text(time) + (passed.map { " " + clock.abbreviation(at: $0) } ?? "")
                throw InputError("--on \(day) at \(at) has passed; give a day and time to come")
            }
            return .on(day)
        }
        if let weekdays { return .weekly(weekdays) }
        if let monthly { return .monthly(day: try OwnReminderRepeat.monthDay(monthly)) }
        return nil
    }

    /// `--in`: once, on the day that far from now at `time` (days), or at the first whole minute
    /// at or after that far from now (hours and minutes), which must be the one its day and
    /// time name on this clock.
    private static func once(_ within: SpanAhead, at time: LocalTime?, now: Date, clock: WallClock)
        throws(InputError) -> (OwnReminderRepeat, LocalTime)
    {
        let today = clock.date(of: now)
        if let days = within.days, let time {
            guard (0...3650).contains(days) else {
                throw InputError("--in \(days) days is out of range; give 0 to 3650 days")
            }
            let day = today.adding(days: days)
            guard let due = clock.instant(on: day, at: time), due > now else {
                throw InputError("--in \(days) days at \(clock.text(time)) has passed; give a later day or time")
            }
            return (.on(day), time)
        }
        let given: GivenInstant
        switch within {
        case .instant(let instant): given = instant
        case .days(let days):
            guard (1...3650).contains(days) else {
                // 0 is today, taken with the time (`--in 0 --at 9`): said so, as it is taken.
                throw InputError(
                    "--in \(days) days is out of range; give 1 to 3650 days, or 0 with --at for a time today: --in 0 --at 18:00"
                )
            }
            given = GivenInstant(text: "in \(days) days", form: .ahead(.days(days)))
        }
        guard let exact = given.resolved(now: now, clock: clock, direction: .future) else {
            throw InputError("--in names no time on this clock; give --on and --at")
        }
        guard let (day, minute) = wholeMinute(atOrAfter: exact, clock: clock) else {
            throw InputError(
                "--in \(TextInput.oneLine(String(given.text.dropFirst("in ".count)))) falls in an hour this clock repeats; give --on and --at with a time outside it"
            )
        }
        return (.on(day), minute)
    }

    /// A reminder's time is a minute: the first whole one at or after `exact`, never sooner than
    /// asked (`--in 1m` at 12:00:33 was 12:01, 27 s away). Nil in the repeated hour of a
    /// fall-back night, whose day and time name the first run.
    private static func wholeMinute(atOrAfter exact: Date, clock: WallClock) -> (CivilDate, LocalTime)? {
        let instant = exact.addingTimeInterval(TimeInterval((60 - clock.local(exact).secondsOfDay % 60) % 60))
        let (day, seconds) = clock.local(instant)
        guard let minute = LocalTime(hour: seconds / 3600, minute: seconds / 60 % 60),
            let due = clock.instant(on: day, at: minute), abs(due.timeIntervalSince(instant)) < 60
        else { return nil }
        return (day, minute)
    }
}
