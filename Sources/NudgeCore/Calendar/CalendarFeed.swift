import Foundation

/// `nudge upcoming --format ics`: what is due over some days as RFC 5545 iCalendar. Each
/// occurrence is a VEVENT with a VALARM at its instant; each of the person's own recurring
/// reminders is one VEVENT with its RRULE (the days of the span already settled or snoozed left
/// out with EXDATE, a snooze its own event, a time the DST gap skips moved to nudge's instant). Times carry the zone's TZID, with its VTIMEZONE.
///
/// A UID is a hash of the store's identity and the occurrence's key, stable across runs, so
/// that a calendar importing the feed again updates each event instead of adding it twice, and
/// two stores' feeds never share one; the key itself (which names a medication) is not in it.
/// A private kind's events say only ``NotificationContent/neutralTitle``.
public struct CalendarFeed: Sendable {
    public var occurrences: [Occurrence]
    public var privateKinds: Set<ReminderKind>
    public var ownReminders: [OwnReminderSchedule]
    public var storeIdentity: String
    public var version: String

    public init(
        occurrences: [Occurrence], privateKinds: Set<ReminderKind>, ownReminders: [OwnReminderSchedule],
        storeIdentity: String, version: String
    ) {
        self.occurrences = occurrences
        self.privateKinds = privateKinds
        self.ownReminders = ownReminders
        self.storeIdentity = storeIdentity
        self.version = version
    }

    /// The calendar of what is due from `now` (`occurrences` are those of `now..<end`).
    public func text(now: Date, end: Date, clock: WallClock) -> String {
        let zone = ICalendarZone(clock: clock)
        // One past its last day comes no more: no event of it.
        let recurring = ownReminders.filter { $0.repeats.rule != nil && $0.next(after: now, clock: clock) != nil }
        let recurringIDs = Set(recurring.map(\.id))
        let single = occurrences.filter { occurrence in
            guard occurrence.kind == .ownReminder, let parsed = OwnReminderSchedule.parse(occurrence.key) else {
                return true
            }
            // The reminder's own day, not a snooze of it: its RRULE has it.
            return !(recurringIDs.contains(parsed.id) && occurrence.key == parsed.first)
        }
        var lines = ICalendarLines()
        lines.begin("VCALENDAR")
        lines.add("VERSION", "2.0")
        lines.add("PRODID", "-//nudge//nudge \(ICalendarLines.text(version))//EN")
        lines.add("CALSCALE", "GREGORIAN")
        lines.add("X-WR-CALNAME", "nudge")
        let firstYear = clock.date(of: min(now, recurring.compactMap { start(of: $0, clock: clock) }.min() ?? now)).year
        zone.add(years: firstYear...clock.date(of: end).year, to: &lines)
        let stamp = ICalendarZone.utc(now)
        for occurrence in single {
            let title = privateKinds.contains(occurrence.kind) ? NotificationContent.neutralTitle : occurrence.title
            event(uid: uid(occurrence.key), title: title, stamp: stamp, into: &lines) {
                zone.add("DTSTART", occurrence.dueAt, to: &$0)
            }
        }
        let keys = Set(occurrences.map(\.key))
        for reminder in recurring {
            guard let rule = reminder.repeats.rule, let first = start(of: reminder, clock: clock) else { continue }
            let exceptions = exceptions(of: reminder, keys: keys, now: now, end: end, clock: clock)
            event(
                uid: uid(OwnReminder.keyPrefix + String(reminder.id)), title: reminder.text, stamp: stamp, into: &lines
            ) {
                zone.add("DTSTART", first, to: &$0)
                $0.add("RRULE", rule + until(reminder, clock: clock))
                for day in exceptions.left { zone.add("EXDATE", day, at: reminder.time, to: &$0) }
                for instant in exceptions.moved { zone.add("RDATE", instant, to: &$0) }
            }
        }
        lines.end("VCALENDAR")
        return lines.text
    }

    private func event(
        uid: String, title: String, stamp: String, into lines: inout ICalendarLines,
        times: (inout ICalendarLines) -> Void
    ) {
        lines.begin("VEVENT")
        lines.add("UID", uid)
        lines.add("DTSTAMP", stamp)
        times(&lines)
        lines.add("SUMMARY", ICalendarLines.text(title))
        lines.add("TRANSP", "TRANSPARENT")
        lines.begin("VALARM")
        lines.add("ACTION", "DISPLAY")
        lines.add("TRIGGER", "PT0S")
        lines.add("DESCRIPTION", ICalendarLines.text(title))
        lines.end("VALARM")
        lines.end("VEVENT")
    }

    /// `;UNTIL=` the last second of its last day in UTC (RFC 5545 wants UTC beside a TZID): a
    /// time of that day, even one a DST gap moves, is before it, and none of the next day.
    private func until(_ reminder: OwnReminderSchedule, clock: WallClock) -> String {
        guard let last = reminder.endsOn else { return "" }
        return ";UNTIL=" + ICalendarZone.utc(clock.startOfDay(last.adding(days: 1)).addingTimeInterval(-1))
    }

    /// The first instant a recurring reminder is due from when it was set: its DTSTART.
    private func start(of reminder: OwnReminderSchedule, clock: WallClock) -> Date? {
        reminder.next(after: reminder.since, clock: clock)
    }

    /// The days of the span on which its rule's instance is not nudge's: answered or snoozed
    /// (the schedule no longer shows it), or at a time the spring-forward gap skips, which a
    /// calendar reads an hour late (RFC 5545 takes the offset before the gap) and nudge shows
    /// at the gap's end: that instance moves there, as an RDATE.
    private func exceptions(of reminder: OwnReminderSchedule, keys: Set<String>, now: Date, end: Date, clock: WallClock)
        -> (left: [CivilDate], moved: [Date])
    {
        var left: [CivilDate] = []
        var moved: [Date] = []
        var day = clock.date(of: now)
        while day <= clock.date(of: end) {
            if let due = reminder.dueAt(on: day, clock: clock), due > now, due < end, due >= reminder.since {
                // A day keyed before keys held the time keeps that key (OwnReminder.Facts.untimedDays).
                let dayKeys = [reminder.key(on: day), OwnReminderSchedule.dayKey(id: reminder.id, day: day)]
                if !dayKeys.contains(where: keys.contains) {
                    left.append(day)
                } else if clock.local(due) != (day, reminder.time.secondsOfDay) {
                    left.append(day)
                    moved.append(due)
                }
            }
            day = day.adding(days: 1)
        }
        return (left, moved)
    }

    /// What ends every UID nudge writes: an import knows its own feed by it.
    public static let uidSuffix = "@nudge"

    /// `nudge-5f3a09c2e1d4b786@nudge`: FNV-1a of the store's identity and the key.
    func uid(_ key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (storeIdentity + "\n" + key).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return "nudge-" + String(repeating: "0", count: 16 - hex.count) + hex + Self.uidSuffix
    }
}
