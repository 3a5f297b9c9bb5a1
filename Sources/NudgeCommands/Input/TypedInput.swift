import Foundation
import NudgeCore

/// The open forms the command line reads once, at parsing, into typed values: a refusal says
/// what is accepted. What they mean as of now is resolved when the command runs, against the
/// context's clock.
public enum TypedInput {
    public static func instant(_ text: String) throws(InputError) -> GivenInstant {
        let text = try PrintedWeekday.removed(text)
        guard let given = GivenInstant(text) else {
            throw InputError(dayAlone(text, taken: nil) ?? notATime(text, accepted: InstantInput.accepted))
        }
        return given
    }

    /// A time that has passed, at most `maximumAge` ago (`log symptom --at`): a day alone is
    /// given an example only where that example is such a time now.
    public static func pastInstant(_ text: String, maximumAge: TimeInterval) throws(InputError) -> GivenInstant {
        let text = try PrintedWeekday.removed(text)
        guard let given = GivenInstant(text) else {
            let taken = { (instant: Date, now: Date) in
                instant <= now && now.timeIntervalSince(instant) <= maximumAge
            }
            throw InputError(dayAlone(text, taken: (.past, taken)) ?? notATime(text, accepted: InstantInput.accepted))
        }
        return given
    }

    /// A time to come: a time of day alone (its day may be another option's), or with its day.
    public static func futureInstant(_ text: String) throws(InputError) -> GivenInstant {
        let text = try PrintedWeekday.removed(text)
        guard let given = GivenInstant(text) else {
            let taken = { (instant: Date, now: Date) in instant > now }
            throw InputError(
                dayAlone(text, taken: (.future, taken)) ?? notATime(text, accepted: InstantInput.acceptedFuture))
        }
        return given
    }

    /// Why `text` is no time: `-2h ago` counts back twice (a minus and `ago`), which
    /// `2h ago` or `-2h` says once; anything else is not a time.
    private static func notATime(_ text: String, accepted: String) -> String {
        var words = text.split(whereSeparator: \.isWhitespace)
        if words.count > 1, words.removeLast().lowercased() == "ago", let first = words.first, first.hasPrefix("-"),
            SpokenSpan(words.joined(separator: " ").dropFirst()) != nil
        {
            let span = words.joined(separator: " ").dropFirst()
            return "a span back said twice, by its minus and by ago; give \(span) ago or -\(span)"
        }
        // `today 20:00:30`: seconds are taken with a date only, where they are kept.
        if let timed = text.split(whereSeparator: \.isWhitespace).first(where: {
            $0.split(separator: ":").count == 3 && $0.allSatisfy { $0.isNumber || $0 == ":" }
        }) {
            return
                "not a time: seconds (\(timed)) go only with a date, such as 2026-11-21 \(timed); give \(timed.dropLast(3)) to the minute, or the date and time"
        }
        return "not a time; give \(accepted)"
    }

    /// `--at 'last monday'`: a day, where an instant needs its time too. The example is a form
    /// the parser takes, and, where the option takes only a past or a future time (`taken`,
    /// given the instant and now), one it takes now: read on the clock the command runs on
    /// (NUDGE_FAKE_NOW in tests), 9:00 or the whole hour before or after now; none when no such
    /// time of that day is taken (`--at tomorrow` for what happened).
    private static func dayAlone(
        _ text: String, taken: (direction: InstantInput.Direction, accepts: (Date, Date) -> Bool)?
    ) -> String? {
        guard GivenDay(text) != nil else { return nil }
        let day = text.trimmingCharacters(in: .whitespaces)
        let context = CommandContext(storeOption: nil)
        let now = context.now
        let clock = context.wallClock
        let hour = clock.local(now).secondsOfDay / 3600
        let times = ["9:00", "\(hour):00", "\(min(hour + 1, 23)):00"]
        let example = times.flatMap { ["\($0) \(day)", "\(day) \($0)"] }.first { example in
            guard let given = GivenInstant(example) else { return false }
            guard let taken else { return true }
            return given.resolved(now: now, clock: clock, direction: taken.direction).map { taken.accepts($0, now) }
                ?? false
        }
        if let example { return "a day without a time; give its time too, such as \(example)" }
        guard let taken else { return "a day without a time; give its time too" }
        let when = taken.direction == .past ? "that has passed" : "to come"
        return "a day without a time, and no time of that day can be given here; give a day and a time \(when)"
    }

    /// A day to come: `yesterday` is refused when resolved, as a day in the past.
    public static func futureDay(_ text: String) throws(InputError) -> GivenDay {
        let text = try PrintedWeekday.removed(text)
        guard let day = GivenDay(text) else { throw InputError("not a day; give \(GivenDay.acceptedFuture)") }
        return day
    }

    /// A day: which one `monday` or `today` is comes from the context's clock.
    public static func day(_ text: String) throws(InputError) -> GivenDay {
        let text = try PrintedWeekday.removed(text)
        guard let day = GivenDay(text) else { throw InputError("not a day; give \(GivenDay.accepted)") }
        return day
    }

    /// A time of day (`remind --at`, `reminders edit --at`), with the zone's name or offset that
    /// picks one of a fall-back night's two readings (`01:30 EST`), or a refusal that names the
    /// options taking what was given instead (hostile round of issue 40: `--at 'in 2h'`, `--at
    /// 'friday 9am'` were only "not a time of day").
    public static func timeOfDay(_ text: String) throws(InputError) -> ReminderTimeOfDay {
        if let time = LocalTime(parsing: text) { return ReminderTimeOfDay(time: time, zoneName: nil, typed: text) }
        if case .namedOnDay(nil, let time, let zone) = GivenInstant(text)?.form {
            return ReminderTimeOfDay(time: time, zoneName: zone, typed: text)
        }
        let instead = insteadOfTimeOfDay(text).map { "; \($0)" } ?? ""
        throw InputError("not a time of day; give a local time such as 18:30 or 6:30pm\(instead)")
    }

    private static func insteadOfTimeOfDay(_ text: String) -> String? {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init).filter { $0 != "at" }
        switch GivenInstant(text)?.form {
        case .ahead:
            return "for a time from now: --in \(ShellWord.quoted(words.dropFirst().joined(separator: " ")))"
        case .onDay(_, let time):
            // The day's words before or after the time's (`friday 9am`, `9am next friday`).
            let day = [2, 1].lazy.flatMap { count in
                [words.prefix(count), words.suffix(count)].map { $0.joined(separator: " ") }
            }.first { GivenDay($0) != nil }
            return day.map { "for a day: --on \(ShellWord.quoted($0)) --at \(time)" }
        default:
            return nil
        }
    }

    /// An instant, a day as that day's local midnight (`2026-11-20`, `yesterday`, `monday`), or a
    /// span back from now without its `ago` (`1h`, `7d`), for `history --since`.
    public static func instantOrDay(_ text: String) throws(InputError) -> GivenInstant {
        let text = try PrintedWeekday.removed(text)
        let midnight = LocalTime.midnight
        if let day = CivilDate(iso: text) { return GivenInstant(text: text, form: .local(day, midnight, seconds: 0)) }
        if let day = SpokenDay(text.trimmingCharacters(in: .whitespaces)) {
            return GivenInstant(text: text, form: .onDay(day, midnight))
        }
        if let span = SpokenSpan(text) { return GivenInstant(text: text, form: .ago(span)) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // `--since 9` is 09:00 to some and 9 days back to others: neither is guessed.
        if (1...2).contains(trimmed.count), trimmed.allSatisfy({ $0.isASCII && $0.isNumber }),
            let time = LocalTime(parsing: trimmed)
        {
            throw InputError(
                "a bare number, which may be a time of day or a count of days; give \(time) for the time, or \(trimmed)d for \(trimmed) days back"
            )
        }
        guard let given = GivenInstant(text) else {
            throw InputError(
                notATime(
                    text,
                    accepted: "\(InstantInput.accepted), a day such as 2026-11-20 or yesterday, or a span such as 7d"))
        }
        return given
    }

    /// A whole number, refused with the range accepted: ArgumentParser alone says only
    /// "invalid" for `abc` or a number too large for Int. The range itself is the command's to
    /// check. A count of days is `wholeDays`, which takes weeks too.
    public static func wholeNumber(_ text: String, in range: ClosedRange<Int>) throws(InputError) -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw InputError("not a whole number; give one from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A number of days as people say it (`DayCount`): `14`, `14d`, `2w`, `2 weeks` (14); hours
    /// are no number of days. The range itself is the command's to check, as `wholeNumber`'s.
    public static func wholeDays(_ text: String, in range: ClosedRange<Int>) throws(InputError) -> Int {
        guard let days = DayCount.parse(text) else {
            throw InputError(
                "not a number of days; give one from \(range.lowerBound) to \(range.upperBound), as \(DayCount.examples)"
            )
        }
        return days
    }

    /// A number of whole minutes, taken as people say a length of time (`12`, `12m`, `12 min`,
    /// `1h30m`, `1:30`, `120s`): the refusal names the range and the forms, each a whole number
    /// of minutes (`90s` is not).
    public static func wholeMinutes(_ text: String, in range: ClosedRange<Int>) throws(InputError) -> Int {
        guard let seconds = DurationText.parse(text), seconds.truncatingRemainder(dividingBy: 60) == 0 else {
            throw InputError(
                "not a whole number of minutes; give one from \(range.lowerBound) to \(range.upperBound) as \(DurationText.acceptedMinutes)"
            )
        }
        return Int(seconds / 60)
    }
}
