import Foundation
import NudgeCore

/// Instants as a person reads them: local wall-clock time with the zone's abbreviation.
enum LocalFormat {
    static func dateTime(_ instant: Date, clock: WallClock) -> String {
        let (date, seconds) = clock.local(instant)
        return "\(date) \(clock.time(seconds)) \(clock.abbreviation(at: instant))"
    }

    static func time(_ instant: Date, clock: WallClock) -> String {
        clock.time(clock.local(instant).secondsOfDay)
    }
}

extension WallClock {
    fileprivate func time(_ secondsOfDay: Int) -> String {
        LocalTime(hour: secondsOfDay / 3600, minute: secondsOfDay / 60 % 60)!.description
    }
}
