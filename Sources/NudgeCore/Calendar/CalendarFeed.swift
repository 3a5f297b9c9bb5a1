import Foundation

/// `nudge upcoming --format ics`: what is due over some days as RFC 5545 iCalendar. Each
/// occurrence is a VEVENT with a VALARM at its instant; each of the person's own recurring
/// reminders is one VEVENT with its RRULE (``Series``). Times carry the zone's TZID, with its
/// VTIMEZONE.
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
        let keys = Set(occurrences.map(\.key))
        let recurring = ownReminders.compactMap { series(of: $0, keys: keys, now: now, end: end, clock: clock) }
        let ruled = Set(recurring.flatMap(\.ruledKeys))
        let single = occurrences.filter { !ruled.contains($0.key) }
        var lines = ICalendarLines()
        lines.begin("VCALENDAR")
        lines.add("VERSION", "2.0")
        lines.add("PRODID", "-//nudge//nudge \(ICalendarLines.text(version))//EN")
        lines.add("CALSCALE", "GREGORIAN")
        lines.add("X-WR-CALNAME", "nudge")
        let firstDay = min(clock.date(of: now), recurring.map(\.firstDay).min() ?? clock.date(of: now))
        zone.add(years: firstDay.year...clock.date(of: end).year, to: &lines)
        let stamp = ICalendarZone.utc(now)
        for occurrence in single {
            let title = privateKinds.contains(occurrence.kind) ? NotificationContent.neutralTitle : occurrence.title
            event(uid: uid(occurrence.key), title: title, stamp: stamp, into: &lines) {
                zone.add("DTSTART", occurrence.dueAt, to: &$0)
            }
        }
        for series in recurring {
            let reminder = series.reminder
            guard let rule = reminder.repeats.rule else { continue }
            event(
                uid: uid(OwnReminder.keyPrefix + String(reminder.id)), title: reminder.text, stamp: stamp, into: &lines
            ) {
                // The rule's wall time, also on a night that moves it: an instant in UTC or at
                // the gap's end would be every later day's time too.
                zone.add("DTSTART", series.firstDay, at: reminder.time, to: &$0)
                $0.add("RRULE", rule + until(reminder, clock: clock))
                for day in series.leftOut { zone.add("EXDATE", day, at: reminder.time, to: &$0) }
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
        // A minute long: calcurse takes an event of no length at 00:00 for a day's event, and
        // drops a repeating one (hostile round of issue 42 after G13: "rrule does not match
        // start day"); RFC 5545's readers show a minute where nothing was.
        lines.add("DURATION", "PT1M")
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
