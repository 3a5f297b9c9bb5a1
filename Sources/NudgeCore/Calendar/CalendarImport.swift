import Foundation

/// `nudge remind --import FILE.ics`: which of a calendar's VEVENTs and VTODOs with a VALARM
/// become the person's own reminders, and why each other one does not.
///
/// A reminder is due at the event's alarm (its earliest VALARM), at that minute of the person's
/// clock: on the day, for a single event; from that day on, for a repeating one (RRULE DAILY,
/// WEEKLY with BYDAY, MONTHLY with BYMONTHDAY, with an INTERVAL nudge's repeats can say), until
/// the last day its COUNT or UNTIL leaves it. One with exceptions (EXDATE, RDATE) is left out.
public struct CalendarImport: Sendable {
    public struct Reminder: Sendable, Equatable {
        public var text: String
        public var repeats: OwnReminderRepeat
        public var time: LocalTime
        /// The last local day it comes on (COUNT, UNTIL), nil for none.
        public var endsOn: CivilDate?
        /// The reading of a fall-back night's hour named (``OwnReminderSchedule/utcOffsetMinutes``).
        public var utcOffsetMinutes: Int?

        public init(
            text: String, repeats: OwnReminderRepeat, time: LocalTime, endsOn: CivilDate? = nil,
            utcOffsetMinutes: Int? = nil
        ) {
            (self.text, self.repeats, self.time, self.endsOn) = (text, repeats, time, endsOn)
            self.utcOffsetMinutes = utcOffsetMinutes
        }

        public init(_ schedule: OwnReminderSchedule) {
            self.init(
                text: schedule.text, repeats: schedule.repeats, time: schedule.time, endsOn: schedule.endsOn,
                utcOffsetMinutes: schedule.utcOffsetMinutes)
        }
    }

    /// Why an event was left out; each is said with how many.
    public enum Reason: String, Sendable, CaseIterable, Comparable {
        case noAlarm = "without an alarm (VALARM)"
        case nudges = "that nudge's own feed holds (upcoming --format ics): they are reminded already"
        case ended = "cancelled or completed"
        case noStart = "without a start time (DTSTART, or DUE for a to-do)"
        case title =
            "without a title nudge can take (SUMMARY: at most 200 characters and no control character such as a tab, its lines joined by a space)"
        case passed = "whose alarm has passed"
        case exceptions =
            "with EXDATE or RDATE, or an occurrence moved or changed (RECURRENCE-ID) (nudge's repeats have no exceptions)"
        case rules = "with more than one RRULE (nudge's repeat is one rule)"
        case rule =
            "repeating otherwise than nudge repeats (DAILY, WEEKLY with BYDAY or MONTHLY with BYMONTHDAY, ending by a COUNT of 1 or more or an UNTIL, not both)"
        case alarmDay = "repeating monthly with an alarm on another day than the event"
        case later = "repeating weekly or monthly from a day to come (nudge's would begin now)"
        case otherDays =
            "whose alarms fall on other days than nudge's repeat would keep (the event's zone changes its clock apart from yours, a month without its day, which RFC 5545 skips, or its COUNT)"
        case otherTimes =
            "whose alarms' time on your clock changes through the year (the event's zone changes its clock on other days than yours, or never; nudge's repeat keeps one time)"

        public static func < (lhs: Reason, rhs: Reason) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public var reminders: [Reminder] = []
    public var leftOut: [Reason: Int] = [:]
    /// Each event in a zone nudge cannot resolve, by the TZID it names.
    public var unknownZones: [String] = []

    /// The most events a file may hold: a person's own reminders are a list read at a glance,
    /// and a file of thousands is a whole calendar's history, not reminders to keep.
    public static let eventLimit = 1000

    /// Reads the events of `calendars`, at `now`, for a person on `clock`; `zone(TZID)` is the
    /// zone a TZID names, nil when nudge cannot resolve it.
    public init(
        _ calendars: [ICalendarComponent], now: Date, clock: WallClock, zone: (String) -> ZoneRules?
    ) {
        for calendar in calendars {
            // A series with an occurrence moved or changed: its override names it by UID.
            let moved = Set(
                calendar.components.filter { $0.has("RECURRENCE-ID") }.compactMap { $0.first("UID")?.value })
            for event in calendar.components where event.name == "VEVENT" || event.name == "VTODO" {
                let result =
                    event.has("RRULE") && !event.has("RECURRENCE-ID")
                        && event.first("UID").map { moved.contains($0.value) } == true
                    ? .failure(.leftOut(.exceptions)) : reminder(event, now: now, clock: clock, zone: zone)
                switch result {
                case .success(let reminder): reminders.append(reminder)
                case .failure(.leftOut(let reason)): leftOut[reason, default: 0] += 1
                case .failure(.unknownZone(let name)): unknownZones.append(name)
                }
            }
        }
    }

    /// How many VEVENTs and VTODOs the calendars hold.
    public static func eventCount(_ calendars: [ICalendarComponent]) -> Int {
        calendars.reduce(0) { $0 + $1.components.filter { $0.name == "VEVENT" || $0.name == "VTODO" }.count }
    }

    enum Refusal: Error, Equatable {
        case leftOut(Reason)
        case unknownZone(String)
    }

    private func reminder(_ event: ICalendarComponent, now: Date, clock: WallClock, zone: (String) -> ZoneRules?)
        -> Result<Reminder, Refusal>
    {
        Result { () throws(Refusal) in
            // nudge's feed read back would remind each occurrence twice, and its private
            // kinds under a neutral title.
            guard event.first("UID")?.value.hasSuffix(CalendarFeed.uidSuffix) != true else { throw .leftOut(.nudges) }
            let alarms = event.components("VALARM")
            guard !alarms.isEmpty else { throw .leftOut(.noAlarm) }
            let status = event.first("STATUS")?.value.uppercased()
            guard status != "CANCELLED", status != "COMPLETED" else { throw .leftOut(.ended) }
            // A title of several lines (`\n`) is kept, its lines joined by a space: the notification's
            // title is one line, and leaving such an event out would lose a reminder over a line break.
            let title = ICalendarComponent.text(event.first("SUMMARY")?.value ?? "")
                .split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
            guard (try? TextInput.validateName(title, what: "text", example: "", limit: 200)) != nil else {
                throw .leftOut(.title)
            }
            guard let startProperty = event.first("DTSTART") ?? event.first("DUE"),
                let written = ICalendarTime.written(startProperty)
            else { throw .leftOut(.noStart) }
            let start = try instant(written, clock: clock, zone: zone)
            let offsets = alarms.compactMap { alarmOffset($0, event: event, start: start, clock: clock, zone: zone) }
            guard let offset = offsets.min() else { throw .leftOut(.noAlarm) }
            let alarm = start.addingTimeInterval(TimeInterval(offset))
            // The store's dates have four-digit years.
            guard alarm >= Timestamp.earliest, alarm <= Timestamp.latest else { throw .leftOut(.noStart) }
            let (day, seconds) = clock.local(alarm)
            let time = LocalTime(hour: seconds / 3600, minute: seconds / 60 % 60)!
            // Also on an event without RRULE: RDATE adds days to it (hostile round of issue 42
            // after G13: its other days were never reminded).
            guard !event.has("EXDATE"), !event.has("RDATE"), !event.has("EXRULE") else {
                throw .leftOut(.exceptions)
            }
            guard let ruleProperty = event.first("RRULE") else {
                guard alarm > now else { throw .leftOut(.passed) }
                return Reminder(text: title, repeats: .on(day), time: time)
            }
            guard event.properties.filter({ $0.name == "RRULE" }).count == 1 else { throw .leftOut(.rules) }
            // The rule's days are the event's own, on its clock (its TZID, UTC, or floating):
            // the alarm's day on the person's clock is that many days off (hostile round of
            // issue 42: read on the person's clock, a Monday 09:00 in Tokyo kept Monday).
            let shift = day.daysSinceEpoch - written.date.daysSinceEpoch
            let (repeats, end) = try Self.repeats(ruleProperty.value, alarmDay: day, shift: shift)
            let endsOn = try end.map { end throws(Refusal) in
                try lastDay(
                    end, of: repeats, alarmDay: day, start: written, alarmOffset: offset, clock: clock, zone: zone)
            }
            guard
                try keepsTheCalendarsDays(
                    rule: ruleProperty.value, start: written, until: end, alarmOffset: offset, repeats: repeats,
                    time: time, endsOn: endsOn, now: now, clock: clock, zone: zone)
            else { throw .leftOut(.otherDays) }
            // Weekdays and days of the month have no first day: one the calendar begins later
            // would be reminded before it.
            let first = OwnReminderSchedule(
                id: 0, text: title, repeats: repeats, time: time, since: now, endsOn: endsOn)
            guard let next = first.next(after: now, clock: clock) else { throw .leftOut(.passed) }
            if alarm > now, next < clock.startOfDay(day) { throw .leftOut(.later) }
            return Reminder(text: title, repeats: repeats, time: time, endsOn: endsOn)
        }
    }

    /// The instant a start names; a TZID nudge cannot resolve is the event's refusal.
    func instant(_ written: ICalendarTime.Written, clock: WallClock, zone: (String) -> ZoneRules?)
        throws(Refusal) -> Date
    {
        guard let seconds = written.secondsOfDay else { return clock.startOfDay(written.date) }
        if written.isUTC { return Date(timeIntervalSince1970: Double(written.date.daysSinceEpoch * 86400 + seconds)) }
        var local = clock
        if let name = written.zone {
            guard let rules = zone(name) else { throw .unknownZone(name) }
            local = WallClock(zone: rules)
        }
        let instant = local.instant(on: written.date, secondsOfDay: seconds) ?? (written.date.daysSinceEpoch * 86400)
        return Date(timeIntervalSince1970: Double(instant))
    }

    /// Seconds from the start to an alarm: its TRIGGER's duration (from the end with
    /// RELATED=END), or an absolute TRIGGER's distance from the start.
    private func alarmOffset(
        _ alarm: ICalendarComponent, event: ICalendarComponent, start: Date, clock: WallClock,
        zone: (String) -> ZoneRules?
    ) -> Int? {
        guard let trigger = alarm.first("TRIGGER") else { return nil }
        if trigger.parameters["VALUE"]?.uppercased() == "DATE-TIME" {
            guard let written = ICalendarTime.written(trigger), let at = try? instant(written, clock: clock, zone: zone)
            else { return nil }
            return Int(at.timeIntervalSince(start))
        }
        guard let offset = ICalendarTime.duration(trigger.value) else { return nil }
        guard trigger.parameters["RELATED"]?.uppercased() == "END" else { return offset }
        if let end = (event.first("DTEND") ?? event.first("DUE")).flatMap(ICalendarTime.written),
            let endInstant = try? instant(end, clock: clock, zone: zone)
        {
            return Int(endInstant.timeIntervalSince(start)) + offset
        }
        return (event.first("DURATION").flatMap { ICalendarTime.duration($0.value) } ?? 0) + offset
    }
}

extension CalendarImport.Reminder {
    /// The same reminder: its text as a person reads it (case and spacing aside: `Water the
    /// plants` and `water  the plants ` both ring), time, end and repeat, an every-N-days one by
    /// its N alone (*Done* moves the day it counts from), every weekday as every day.
    public func isSame(as other: Self) -> Bool {
        guard Self.read(text) == Self.read(other.text), time == other.time, endsOn == other.endsOn,
            utcOffsetMinutes == other.utcOffsetMinutes
        else {
            return false
        }
        if let days = Self.everyDays(repeats), let otherDays = Self.everyDays(other.repeats) {
            return days == otherDays
        }
        return repeats == other.repeats
    }

    /// A text as a person reads it: without regard to case, its words one space apart.
    private static func read(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ").lowercased()
    }

    /// Every how many days it repeats, when by days: every weekday is every day.
    private static func everyDays(_ repeats: OwnReminderRepeat) -> Int? {
        switch repeats {
        case .every(let days, _): return days
        case .weekly(let weekdays) where weekdays.weekdays == MedicationDays.everyDay.weekdays: return 1
        default: return nil
        }
    }
}
