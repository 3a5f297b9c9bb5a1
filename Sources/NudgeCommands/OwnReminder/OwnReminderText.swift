import Foundation
import NudgeCore
import NudgeReports

/// A reminder's text, the notification's title: one line, not blank, at most 200 characters,
/// as a symptom's name.
public enum OwnReminderText {
    public static let limit = 200

    /// A text as typed, as it is stored: composed (`TextInput.canonical`), without the spaces
    /// around it, which no one sees and which made `Walk ` a second `Walk` (issue 40).
    static func typed(_ text: String) -> String {
        TextInput.canonical(text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public static func validate(_ text: String) throws(InputError) {
        try TextInput.validateName(text, what: "reminder's text", example: "Water the plants", limit: limit)
    }

    /// `3  Water the plants, every 3 days at 18:00`: what a confirmation says of one.
    static func line(_ reminder: OwnReminderSchedule, clock: WallClock) -> String {
        "\(reminder.id): \(reminder.text), \(repeats(reminder, clock: clock))"
    }

    /// `every 3 days at 18:00`, `weekly mon at 07:30 until 2026-12-31`, `once on 2026-11-01 at
    /// 01:30 EST` (a fall-back night's second reading).
    static func repeats(_ reminder: OwnReminderSchedule, clock: WallClock) -> String {
        "\(reminder.repeats.description) at \(RepeatedHourReading.told(reminder, clock: clock))"
            + (reminder.endsOn.map { " until \($0)" } ?? "")
    }

    /// `next Sat 2026-11-28 18:00`, or that it will not come again.
    static func next(_ reminder: OwnReminderSchedule, now: Date, clock: WallClock, answeredDays: Set<String> = [])
        -> String
    {
        guard let next = reminder.next(after: now, clock: clock, answeredDays: answeredDays) else {
            return reminder.endsOn.map { "it has ended (its last day was \($0))" } ?? "it does not come again"
        }
        return
            "next \(clock.weekdayAbbreviations[clock.date(of: next).weekday]) \(clock.date(of: next)) \(LocalFormat.time(next, clock: clock))"
    }
}
