import Foundation

/// One of the person's own reminders as stored: its text (the notification's title), when it
/// repeats and at what time, and the instant from which it is reminded (its last `remind` or
/// `reminders edit`), so that a time passed before it was set is neither shown nor missed.
public struct OwnReminderSchedule: Sendable, Equatable {
    public var id: Int64
    public var text: String
    public var repeats: OwnReminderRepeat
    public var time: LocalTime
    public var since: Date

    public init(id: Int64, text: String, repeats: OwnReminderRepeat, time: LocalTime, since: Date) {
        self.id = id
        self.text = text
        self.repeats = repeats
        self.time = time
        self.since = since
    }

    /// `reminder:7:2026-11-26`: the reminder and the local day it is due on.
    public func key(on day: CivilDate) -> String { "\(OwnReminder.keyPrefix)\(id):\(day)" }

    /// Its instant on a day it is due (a time the zone skipped that day is at the first instant
    /// after the gap; a time it repeats, the first), as every kind.
    public func dueAt(on day: CivilDate, clock: WallClock) -> Date? {
        repeats.includes(day) ? clock.instant(on: day, at: time) : nil
    }

    /// The next instant it is due at or after `instant`, within ten years; nil for a date past.
    public func next(after instant: Date, clock: WallClock) -> Date? {
        let start = clock.date(of: max(instant, since)).adding(days: -1)
        for offset in 0...3660 {
            if let due = dueAt(on: start.adding(days: offset), clock: clock), due >= instant, due >= since {
                return due
            }
        }
        return nil
    }

    /// The reminder and day a key names (`reminder:7:2026-11-26`, or a snooze of it).
    public static func parse(_ key: String) -> (id: Int64, day: CivilDate)? {
        guard key.hasPrefix(OwnReminder.keyPrefix) else { return nil }
        let parts = key.dropFirst(OwnReminder.keyPrefix.count).split(separator: ":")
        guard parts.count >= 2, let id = Int64(parts[0]), let day = CivilDate(iso: parts[1]) else { return nil }
        return (id, day)
    }
}
