import Foundation
import NudgeCore
import NudgeReports

/// `--at` of a one-off call reminder, as `call remind` and `call reminders edit` both take it:
/// a time of day alone, which --in or --on may give the day of, or a time with its day.
public enum CallReminderTime {
    /// The time of day when --at gives one alone (`18:30`).
    public static func timeOfDay(_ at: GivenInstant?) -> LocalTime? {
        guard case .timeOfDay(let time) = at?.form else { return nil }
        return time
    }

    /// Whether --at is a time of day in a named zone (`01:30 EST`), which --in or --on may give
    /// the day of, as a time of day alone (hostile round of issue 40: it was refused as naming
    /// its day).
    public static func isZonedTimeOfDay(_ at: GivenInstant?) -> Bool {
        guard case .namedOnDay(nil, _, _) = at?.form else { return false }
        return true
    }

    /// `--on tomorrow --at '01:30 EST'`: that time on `day`, read in the zone named; nil when --at
    /// is no such time. Refused where this clock does not call that time on that day so (EST on
    /// a summer day), or where it has passed.
    static func zoned(_ at: GivenInstant?, on day: CivilDate, _ context: CommandContext) throws -> Date? {
        guard let at, case .namedOnDay(nil, let time, let abbreviation) = at.form else { return nil }
        let named = GivenInstant(text: at.text, form: .named(day, time, abbreviation: abbreviation))
        if let skipped = named.skippedReading(now: context.now, clock: context.wallClock, direction: .future) {
            throw CommandFailure("--at '\(TextInput.oneLine(at.text))': \(skipped)", exitCode: 64)
        }
        guard let due = named.resolved(now: context.now, clock: context.wallClock, direction: .future) else {
            throw CommandFailure(
                "--at '\(TextInput.oneLine(at.text))' is no time on \(day) on this clock (it is not \(abbreviation) then); give the time without its zone, or the zone the clock has that day",
                exitCode: 64)
        }
        guard due > context.now else {
            throw CommandFailure(
                "\(day) at '\(TextInput.oneLine(at.text))' (\(context.understood(due))) has passed; give a later day or time",
                exitCode: 64)
        }
        return due
    }

    /// The day --on names for a reminder at `time`, or at --at in a named zone: a weekday alone
    /// is a week on once that time today has passed.
    static func day(_ on: GivenDay, at: GivenInstant?, time: LocalTime, _ context: CommandContext) -> CivilDate {
        let clock = context.wallClock
        return on.resolvedToCome(today: clock.date(of: context.now)) { today in
            var todays = clock.instant(on: today, at: time)
            if let at, case .namedOnDay(nil, let zoned, let abbreviation) = at.form {
                todays = GivenInstant(text: at.text, form: .named(today, zoned, abbreviation: abbreviation))
                    .resolved(now: context.now, clock: clock, direction: .future)
            }
            return todays.map { $0 > context.now } ?? true
        }
    }

    /// `--at 'tomorrow 9am'`: the instant it names from now on the person's clock, to come.
    static func instantToCome(_ at: GivenInstant, _ context: CommandContext) throws -> Date {
        if let skipped = at.skippedReading(now: context.now, clock: context.wallClock, direction: .future)
            ?? at.wrongWeekday(now: context.now, clock: context.wallClock, direction: .future)
        {
            throw CommandFailure("--at '\(TextInput.oneLine(at.text))': \(skipped)", exitCode: 64)
        }
        guard let due = at.resolved(now: context.now, clock: context.wallClock, direction: .future),
            due <= Timestamp.latest
        else {
            throw CommandFailure(
                "--at '\(at.text)' names no instant on this clock; give \(InstantInput.acceptedFuture)", exitCode: 64)
        }
        guard due > context.now else {
            throw CommandFailure(
                "--at '\(at.text)' (\(context.understood(due))) has passed; give a time to come, such as tomorrow 9am or in 2 hours",
                exitCode: 64)
        }
        return due
    }
}
