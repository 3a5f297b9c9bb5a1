import Foundation
import NudgeCore

/// Instants as a person reads them: local wall-clock time with the zone's abbreviation.
enum LocalFormat {
    static func dateTime(_ instant: Date, clock: WallClock) -> String {
        let (date, seconds) = clock.local(instant)
        return "\(date) \(clock.time(seconds)) \(clock.abbreviation(instant))"
    }

    static func time(_ instant: Date, clock: WallClock) -> String {
        clock.time(clock.local(instant).secondsOfDay)
    }
}

extension WallClock {
    fileprivate func time(_ secondsOfDay: Int) -> String {
        LocalTime(hour: secondsOfDay / 3600, minute: secondsOfDay / 60 % 60)!.description
    }

    /// libc's abbreviation (EST, CEST, +0545): Foundation's on Linux is GMT-5. Commands always
    /// use the process's own zone, which is the one libc reads from TZ or /etc/localtime.
    fileprivate func abbreviation(_ instant: Date) -> String {
        var seconds = time_t(instant.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard timeZone == .current, localtime_r(&seconds, &parts) != nil, let zone = parts.tm_zone else {
            return timeZone.abbreviation(for: instant) ?? timeZone.identifier
        }
        return String(cString: zone)
    }
}
