import Foundation
import NudgeCore

/// Instants as a person reads them: local wall-clock time with the zone's abbreviation.
enum LocalFormat {
    static func dateTime(_ instant: Date, clock: WallClock) -> String {
        let (date, seconds) = clock.local(instant)
        return "\(date) \(clock.time(seconds)) \(clock.abbreviation(at: instant))"
    }

    /// `22:10`; `01:30 EST` where the clock read that minute twice (a fall-back night), so the
    /// two can be told apart.
    static func time(_ instant: Date, clock: WallClock) -> String {
        let time = clock.time(clock.local(instant).secondsOfDay)
        return clock.isRepeated(instant) ? "\(time) \(clock.abbreviation(at: instant))" : time
    }
}

extension WallClock {
    fileprivate func time(_ secondsOfDay: Int) -> String {
        LocalTime(hour: secondsOfDay / 3600, minute: secondsOfDay / 60 % 60)!.description
    }
}
