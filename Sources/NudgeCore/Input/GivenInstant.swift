import Foundation

/// An instant as a person typed it, read once for its form: which instant it is depends on
/// "now" and the zone, which `InstantInput` brings later.
///
/// - ISO 8601 with an offset (`2026-11-21T19:05:00Z`, `...-05:00`) is that instant.
/// - ISO 8601 without one (`2026-11-21T19:05`, `2026-11-21 19:05:30`) is local wall-clock time.
/// - A time of day (`22:10`, `10pm`, `noon`) is one occurrence of it, which one by the direction.
/// - A day as people say it and a time (`yesterday 22:10`, `monday 9:00`, `10:10 PM yesterday`).
/// - A span back from now (`3 days ago`, `2h ago`), or ahead of it (`in 2 minutes`, `in 3 days`).
/// - A local date and time in the person's words and zone, as nudge prints them
///   (`2026-11-25 11:00 PM`, `2026-11-25 23:00 EST`, `2026-11-25 23:00 UTC`, `... +10:30`), a
///   time near now with its zone's name (`01:30 EST`, `today 01:30 EDT`), and the whole of a
///   confirmation (`22:10 yesterday, 2026-11-21 22:10 EST`).
public struct GivenInstant: Sendable, Equatable {
    public enum Form: Sendable, Equatable {
        case exact(Date)
        /// A wall-clock date and time; the seconds count from the minute.
        case local(CivilDate, LocalTime, seconds: TimeInterval)
        case timeOfDay(LocalTime)
        case onDay(SpokenDay, LocalTime)
        case ago(SpokenSpan)
        /// A span ahead of now: `in 2 minutes`, `in 3 days`.
        case ahead(SpokenSpan)
        /// A wall-clock date and time read in a named zone: UTC, or what the person's clock calls
        /// its time then (EST, CEST), which also says which of a repeated hour's two it is.
        case named(CivilDate, LocalTime, abbreviation: String)
        /// A time of day, on a day as people say it or not, read in a named zone, as nudge prints
        /// a time near now (`01:30 EST`, `today 01:30 EDT`): which of a repeated hour's two it is.
        case namedOnDay(SpokenDay?, LocalTime, abbreviation: String)
        /// A day as a confirmation prints it past yesterday: `Monday 23 Nov, 09:00`.
        case plainDay(PlainDay)
    }

    /// What was typed, for refusals that repeat it.
    public let text: String
    public let form: Form

    public init(text: String, form: Form) {
        self.text = text
        self.form = form
    }

    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var form: Form?
        if trimmed.count >= 16 {
            form = Self.hasOffset(trimmed) ? Timestamp.parse(trimmed).map(Form.exact) : Self.local(trimmed)
        }
        guard let form = form ?? Self.spoken(trimmed) else { return nil }
        self.text = text
        self.form = form
    }

    /// The instant it names as of `now` on `clock`: a time of day is its latest past occurrence
    /// or its next one, and so is a time the clock read twice on a date typed; a local time
    /// skipped by a spring-forward is the first instant after the gap (with its zone's name, none).
    public func resolved(now: Date, clock: WallClock, direction: InstantInput.Direction) -> Date? {
        switch form {
        case .exact(let instant):
            return instant
        case .local(let day, let time, let seconds):
            return Self.onOneDate(clock.instants(on: day, at: time), now: now, direction: direction)?
                .addingTimeInterval(seconds)
        case .timeOfDay(let time):
            return InstantInput.occurrence(of: time, now: now, clock: clock, direction: direction)
        case .onDay(let day, let time):
            return Self.occurrence(of: time, on: day, now: now, clock: clock, direction: direction)
        case .ago(let span):
            return span.instant(before: now, clock: clock)
        case .ahead(let span):
            return span.instant(after: now, clock: clock)
        case .named(let day, let time, let abbreviation):
            return Self.instant(on: day, at: time, calledBy: abbreviation, clock: clock)
        case .namedOnDay(let day, let time, let abbreviation):
            return Self.occurrence(
                of: time, on: day, calledBy: abbreviation, now: now, clock: clock, direction: direction)
        case .plainDay(let plain):
            return Self.instant(of: plain, now: now, clock: clock, direction: direction)
        }
    }

    private static func hasOffset(_ text: String) -> Bool {
        text.dropFirst(16).contains { $0 == "Z" || $0 == "z" || $0 == "+" || $0 == "-" }
    }

    /// `YYYY-MM-DD[T ]HH:MM[:SS]`'s fields.
    private static func local(_ text: String) -> Form? {
        // Read as if it were UTC, its fields are exactly the wall-clock date and time.
        guard let fields = Timestamp.parse(text.count == 16 ? text + ":00" : text) else { return nil }
        let seconds = fields.timeIntervalSince1970
        let whole = Int(seconds.rounded(.down))
        let secondOfDay = whole.floorMod(86400)
        guard let time = LocalTime(hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60) else { return nil }
        return .local(
            CivilDate(daysSinceEpoch: whole.floorDiv(86400)), time,
            seconds: seconds - Double(whole) + Double(secondOfDay % 60))
    }
}
