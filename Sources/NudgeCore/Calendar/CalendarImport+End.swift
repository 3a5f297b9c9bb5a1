import Foundation

/// The last day of an imported repeat, on the person's clock: the day of its alarm on the
/// event's last time that its COUNT or UNTIL leaves.
extension CalendarImport {
    func lastDay(
        _ end: RuleEnd, of repeats: OwnReminderRepeat, alarmDay: CivilDate, start: ICalendarTime.Written,
        alarmOffset: Int, clock: WallClock, zone: (String) -> ZoneRules?
    ) throws(Refusal) -> CivilDate {
        switch end {
        case .count(let count):
            // RFC 5545 counts the event's start as its first time, whether or not its rule has
            // that day; nudge reminds only on the rule's days, so the rest are counted from them.
            guard !repeats.includes(alarmDay) else {
                guard let day = repeats.day(ofOccurrence: count, first: alarmDay) else { throw .leftOut(.rule) }
                return day
            }
            guard count > 1 else { return alarmDay }
            guard let first = (1...366).lazy.map({ alarmDay.adding(days: $0) }).first(where: repeats.includes),
                let day = repeats.day(ofOccurrence: count - 1, first: first)
            else { throw .leftOut(.rule) }
            return day
        case .until(let until):
            // The event's days and times are on its own clock (its TZID, UTC, or the person's
            // for a floating time); its last time is the last at or before UNTIL.
            var eventClock = clock
            if start.isUTC {
                eventClock = WallClock(zone: .utc)
            } else if let name = start.zone {
                guard let rules = zone(name) else { throw .unknownZone(name) }
                eventClock = WallClock(zone: rules)
            }
            let seconds = start.secondsOfDay ?? 0
            var lastEventDay = until.date
            if until.secondsOfDay != nil {
                let bound = try instant(until, clock: eventClock, zone: zone)
                lastEventDay = eventClock.date(of: bound)
                if let time = eventTime(on: lastEventDay, seconds: seconds, clock: eventClock), time > bound {
                    lastEventDay = lastEventDay.adding(days: -1)
                }
            }
            guard let lastTime = eventTime(on: lastEventDay, seconds: seconds, clock: eventClock) else {
                throw .leftOut(.rule)
            }
            return clock.date(of: lastTime.addingTimeInterval(TimeInterval(alarmOffset)))
        }
    }

    private func eventTime(on day: CivilDate, seconds: Int, clock: WallClock) -> Date? {
        clock.instant(on: day, secondsOfDay: seconds).map { Date(timeIntervalSince1970: Double($0)) }
    }
}
