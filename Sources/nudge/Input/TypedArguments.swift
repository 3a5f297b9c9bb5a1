import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

// The closed sets. ArgumentParser lists their values in the help, the man pages (from the
// descriptions) and a refusal. Each is taken in any case (`--type Oral`, `--format MD`): they
// are keywords, not text a person chose the spelling of.
extension TherapySession.TreatmentType: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    public static var allValueDescriptions: [String: String] {
        [
            "iv": "intravenous infusion", "im": "intramuscular injection", "oral": "swallowed",
            "lozenge": "dissolved in the mouth", "at-home": "taken at home", "clinic": "given at a clinic",
        ]
    }
}

extension CallMood: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
    public static var allValueDescriptions: [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, "you felt \($0.rawValue) after it") })
    }
}

extension SymptomExport.Format: ExpressibleByArgument {
    /// `md` is Markdown's file extension, which people give for it.
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased() == "md" ? "markdown" : argument.lowercased())
    }
    public static var allValueDescriptions: [String: String] {
        [
            "csv": "date,time,name,severity,notes, for a spreadsheet", "markdown": "a summary, then a section per day",
            "html": "a report to read or print: a chart per symptom, the summary, the days",
        ]
    }
}

extension JournalExport.Format: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased() == "md" ? "markdown" : argument.lowercased())
    }
    public static var allValueDescriptions: [String: String] {
        ["markdown": "for reading and printing", "json": "for programs"]
    }
}

/// The open forms the command line reads once, at parsing, for `@Option(transform:)`:
/// a refusal says what is accepted, which ArgumentParser alone cannot for a type that is not a
/// closed set. What they mean as of now is resolved in `run(_:)` against the context's clock.
enum TypedArguments {
    /// A library type's own parse, for `transform:`: its refusal is ArgumentParser's, which
    /// names the option and the value before it.
    static func parsed<Value>(
        _ parse: @escaping @Sendable (String) throws(InputError) -> Value
    ) -> @Sendable (String) throws -> Value {
        { text in
            do throws(InputError) { return try parse(text) } catch { throw ValidationError(error.description) }
        }
    }

    static let instant: @Sendable (String) throws -> GivenInstant = { text in
        guard let given = GivenInstant(text) else {
            throw ValidationError(dayAlone(text, taken: nil) ?? "not a time; give \(InstantInput.accepted)")
        }
        return given
    }

    /// A time that has passed, at most `maximumAge` ago (`log symptom --at`): a day alone is
    /// given an example only where that example is such a time now.
    static func pastInstant(maximumAge: TimeInterval) -> @Sendable (String) throws -> GivenInstant {
        { text in
            guard let given = GivenInstant(text) else {
                let taken = { (instant: Date, now: Date) in
                    instant <= now && now.timeIntervalSince(instant) <= maximumAge
                }
                throw ValidationError(
                    dayAlone(text, taken: (.past, taken)) ?? "not a time; give \(InstantInput.accepted)")
            }
            return given
        }
    }

    /// A time to come: a time of day alone (its day may be another option's), or with its day.
    static let futureInstant: @Sendable (String) throws -> GivenInstant = { text in
        guard let given = GivenInstant(text) else {
            let taken = { (instant: Date, now: Date) in instant > now }
            throw ValidationError(
                dayAlone(text, taken: (.future, taken)) ?? "not a time; give \(InstantInput.acceptedFuture)")
        }
        return given
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
    static let futureDay: @Sendable (String) throws -> GivenDay = { text in
        guard let day = GivenDay(text) else { throw ValidationError("not a day; give \(GivenDay.acceptedFuture)") }
        return day
    }

    /// A day: which one `monday` or `today` is comes from the context's clock in `run(_:)`.
    static let day: @Sendable (String) throws -> GivenDay = { text in
        guard let day = GivenDay(text) else { throw ValidationError("not a day; give \(GivenDay.accepted)") }
        return day
    }

    /// A settings key, refused with the store contract's own message (the close key it may
    /// mean) rather than ArgumentParser's list.
    static let settingKey: @Sendable (String) throws -> SettingKey = { name in
        do { return try SettingKey.named(name) } catch let error as SettingError {
            throw ValidationError(error.description)
        }
    }

    /// `call edit --mood`: a mood, or '' to remove the one stored.
    static let moodCorrection: @Sendable (String) throws -> FieldCorrection<String?> = { text in
        guard !text.isEmpty else { return .set(nil) }
        guard let mood = CallMood(rawValue: text) else {
            throw ValidationError("not a mood; give one of \(CallMood.accepted), or '' to remove it")
        }
        return .set(mood.rawValue)
    }

    static let timeOfDay: @Sendable (String) throws -> LocalTime = { text in
        guard let time = LocalTime(parsing: text) else {
            throw ValidationError("not a time of day; give a local time such as 18:30 or 6:30pm")
        }
        return time
    }

    /// An instant, a day as that day's local midnight (`2026-11-20`, `yesterday`, `monday`), or a
    /// span back from now without its `ago` (`1h`, `7d`), for `history --since`.
    static let instantOrDay: @Sendable (String) throws -> GivenInstant = { text in
        let midnight = LocalTime.midnight
        if let day = CivilDate(iso: text) { return GivenInstant(text: text, form: .local(day, midnight, seconds: 0)) }
        if let day = SpokenDay(text.trimmingCharacters(in: .whitespaces)) {
            return GivenInstant(text: text, form: .onDay(day, midnight))
        }
        if let span = SpokenSpan(text) { return GivenInstant(text: text, form: .ago(span)) }
        guard let given = GivenInstant(text) else {
            throw ValidationError(
                "not a time; give \(InstantInput.accepted), a day such as 2026-11-20 or yesterday, or a span such as 7d"
            )
        }
        return given
    }
}
