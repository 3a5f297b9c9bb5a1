import Foundation

/// An instant as a person typed it, read once for its form: which instant it is depends on
/// "now" and the zone, which `InstantInput` brings later.
///
/// - ISO 8601 with an offset (`2026-11-21T19:05:00Z`, `...-05:00`) is that instant.
/// - ISO 8601 without one (`2026-11-21T19:05`, `2026-11-21 19:05:30`) is local wall-clock time.
/// - A time of day (`22:10`, `10pm`) is one occurrence of it, which one by the direction.
public struct GivenInstant: Sendable, Equatable {
    public enum Form: Sendable, Equatable {
        case exact(Date)
        /// A wall-clock date and time; the seconds count from the minute.
        case local(CivilDate, LocalTime, seconds: TimeInterval)
        case timeOfDay(LocalTime)
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
        let form: Form?
        if trimmed.count >= 16 {
            form = Self.hasOffset(trimmed) ? Timestamp.parse(trimmed).map(Form.exact) : Self.local(trimmed)
        } else {
            form = LocalTime(parsing: trimmed).map(Form.timeOfDay)
        }
        guard let form else { return nil }
        self.text = text
        self.form = form
    }

    /// The instant it names as of `now` on `clock`: a time of day is its latest past occurrence
    /// or its next one; a local time skipped by a spring-forward is the first instant after the gap.
    public func resolved(now: Date, clock: WallClock, direction: InstantInput.Direction) -> Date? {
        switch form {
        case .exact(let instant):
            return instant
        case .local(let day, let time, let seconds):
            return clock.instant(on: day, at: time)?.addingTimeInterval(seconds)
        case .timeOfDay(let time):
            return InstantInput.occurrence(of: time, now: now, clock: clock, direction: direction)
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
