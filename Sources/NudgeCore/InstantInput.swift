import Foundation

/// Parses the instants a person gives on the command line (`--at`, `--from`).
public enum InstantInput {
    /// ISO 8601 with an offset (`2026-11-21T19:05:00Z`, `...+01:00`), or a local time of today
    /// (`19:05`, `7pm`) in the given zone.
    public static func parse(_ text: String, now: Date, clock: WallClock) -> Date? {
        if let instant = Timestamp.parse(text), text.count > 10 {
            return instant
        }
        if let time = LocalTime(parsing: text) {
            return clock.instant(on: clock.date(of: now), at: time)
        }
        return nil
    }

    public static let accepted = "an ISO 8601 time with an offset (2026-11-21T19:05:00Z) or a local time of today (19:05)"

    /// A time a thing happened: not in the future, and no more than `maximumAge` ago.
    public static func pastInstant(
        _ text: String, option: String, now: Date, clock: WallClock, maximumAge: TimeInterval
    ) throws(InputError) -> Date {
        guard let instant = parse(text, now: now, clock: clock) else {
            throw InputError("\(option) '\(text)' is not a time; give \(accepted)")
        }
        guard instant <= now.addingTimeInterval(1) else {
            throw InputError("\(option) '\(text)' is in the future; give a time that has passed")
        }
        guard now.timeIntervalSince(instant) <= maximumAge else {
            throw InputError(
                "\(option) '\(text)' is more than \(Int(maximumAge / 3600)) hours ago; give a time within the last \(Int(maximumAge / 3600)) hours"
            )
        }
        return instant
    }
}
