import Foundation
import NudgeCore

/// Instants as a person reads them: local wall-clock time with the zone's abbreviation.
public enum LocalFormat {
    /// `2026-11-22 10:00 CET`; `2026-11-22 10:00:20 CET` where the second decides (`toTheSecond`).
    public static func dateTime(_ instant: Date, clock: WallClock, toTheSecond: Bool = false) -> String {
        "\(clock.date(of: instant)) \(clock.timeOfDay(instant, toTheSecond: toTheSecond)) \(clock.abbreviation(at: instant))"
    }

    /// `2026-11-22 10:00`: where days matter more than the minute (a contact's last call), and
    /// the zone's name would only take a narrow terminal's columns.
    public static func dayAndTime(_ instant: Date, clock: WallClock) -> String {
        "\(clock.date(of: instant)) \(clock.timeOfDay(instant))"
    }

    /// `22:10` (`10:10 PM` on a 12-hour clock); `01:30 EST` where the clock read that minute twice (a fall-back night), so the
    /// two can be told apart.
    public static func time(_ instant: Date, clock: WallClock) -> String { clock.toldTimeOfDay(instant) }
}
