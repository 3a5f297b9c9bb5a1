import Foundation

/// One of the person's own reminders as stored: its text (the notification's title), when it
/// repeats and at what time, the instant from which it is reminded (its last `remind` or
/// `reminders edit`), so that a time passed before it was set is neither shown nor missed, and
/// the last local day it comes on (`--until`, `--count`), nil for none.
public struct OwnReminderSchedule: Sendable, Equatable {
    public var id: Int64
    public var text: String
    public var repeats: OwnReminderRepeat
    public var time: LocalTime
    public var since: Date
    public var endsOn: CivilDate?
    /// Which of a fall-back night's two readings of `time` it comes at, by the offset from UTC
    /// of the one the person named (`--at '01:30 EST'`: -300); nil for the first, as every
    /// kind's. Any other night reads the time once, and this is not looked at.
    public var utcOffsetMinutes: Int?

    public init(
        id: Int64, text: String, repeats: OwnReminderRepeat, time: LocalTime, since: Date, endsOn: CivilDate? = nil,
        utcOffsetMinutes: Int? = nil
    ) {
        self.id = id
        self.text = text
        self.repeats = repeats
        self.time = time
        self.since = since
        self.endsOn = endsOn
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// `reminder:7:2026-11-26:1800`: the reminder, the local day it is due on and its time. The
    /// time is in it so that one moved later that day (`reminders edit --at`) is shown again at
    /// its new time; one moved to a time already past is not (``since``).
    public func key(on day: CivilDate) -> String { Self.dayKey(id: id, day: day) + ":" + Self.hhmm(time) }

    /// `reminder:7:2026-11-26`: what every time of a reminder's day starts with.
    public static func dayKey(id: Int64, day: CivilDate) -> String { "\(OwnReminder.keyPrefix)\(id):\(day)" }

    /// Its instant on a day it is due (a time the zone skipped that day is at the first instant
    /// after the gap; a time it repeats, the first, as every kind, or the one named).
    public func dueAt(on day: CivilDate, clock: WallClock) -> Date? {
        guard repeats.includes(day), endsOn.map({ day <= $0 }) ?? true else { return nil }
        return RepeatedHourReading.named(utcOffsetMinutes, on: day, at: time, clock: clock)
            ?? clock.instant(on: day, at: time)
    }

    /// Whether it may still come after `day`: no end, or an end after it.
    public func mayComeAfter(_ day: CivilDate) -> Bool { endsOn.map { $0 > day } ?? true }

    /// The last day of its `count` next times from `instant` on (`--count`), nil past the
    /// store's years or when it does not come again.
    public func lastDay(ofNext count: Int, from instant: Date, clock: WallClock) -> CivilDate? {
        guard let first = next(after: instant, clock: clock) else { return nil }
        return repeats.day(ofOccurrence: count, first: clock.date(of: first))
    }

    /// The next instant it is due at or after `instant`, within ten years, but on a day
    /// answered already (``OwnReminder/Facts/answeredDays``); nil for a date past.
    public func next(after instant: Date, clock: WallClock, answeredDays: Set<String> = []) -> Date? {
        let start = clock.date(of: max(instant, since)).adding(days: -1)
        for offset in 0...3660 {
            let day = start.adding(days: offset)
            if let due = dueAt(on: day, clock: clock), due >= instant, due >= since,
                !answeredDays.contains(Self.dayKey(id: id, day: day))
            {
                return due
            }
        }
        return nil
    }

    /// The reminder, day and time a key names (`reminder:7:2026-11-26:1800`, or a snooze of it),
    /// and the key its follow-ups start with. The time is nil in a key written before keys held
    /// it (`reminder:7:2026-11-26`).
    public static func parse(_ key: String) -> (id: Int64, day: CivilDate, time: LocalTime?, first: String)? {
        guard key.hasPrefix(OwnReminder.keyPrefix) else { return nil }
        let parts = key.dropFirst(OwnReminder.keyPrefix.count).split(separator: ":")
        guard parts.count >= 2, let id = Int64(parts[0]), let day = CivilDate(iso: parts[1]) else { return nil }
        let time = parts.count > 2 ? time(hhmm: parts[2]) : nil
        return (id, day, time, dayKey(id: id, day: day) + (time.map { ":" + hhmm($0) } ?? ""))
    }

    private static func hhmm(_ time: LocalTime) -> String { String(time.description.filter { $0 != ":" }) }

    private static func time(hhmm text: Substring) -> LocalTime? {
        guard text.count == 4, text.allSatisfy(\.isASCII), let hour = Int(text.prefix(2)),
            let minute = Int(text.suffix(2))
        else { return nil }
        return LocalTime(hour: hour, minute: minute)
    }
}
