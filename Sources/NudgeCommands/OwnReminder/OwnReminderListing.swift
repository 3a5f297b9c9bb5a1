import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge reminders`: the person's own reminders with their next time, soonest first; one
/// that does not come again (a date passed) last, and one past its last day listed as ended.
public enum OwnReminderListing {
    public struct Row: Encodable {
        var id: Int64
        var text: String
        var repeats: String
        var at: String
        /// Which of a fall-back night's two readings of `at` it comes at, as the offset from UTC
        /// in minutes of the one named (`--at '01:30 EST'`: -300); nil for the first.
        var utcOffsetMinutes: Int?
        /// The last day it comes on, nil for none.
        var endsOn: String?
        var ended: Bool
        @TimestampText var nextAt: Date?
    }

    public static func listing(_ context: CommandContext) throws -> Listing<(OwnReminderSchedule, Date?), Row> {
        let clock = context.wallClock
        let now = context.now
        let store = try context.openStoreForReading()
        let answered = try store.run { try $0.answeredOwnReminderDays(at: now) }
        let snoozes = try store.run { try $0.pendingOwnReminderSnoozes(at: now) }
        let reminders = try store.run { try $0.ownReminders() }.map { reminder -> (OwnReminderSchedule, Date?) in
            let next = reminder.next(after: now, clock: clock, answeredDays: answered)
            return (reminder, [snoozed(reminder, among: snoozes), next].compactMap { $0 }.min())
        }
        .sorted { ($0.1 ?? .distantFuture, $0.0.id) < ($1.1 ?? .distantFuture, $1.0.id) }
        return Listing(
            items: reminders,
            row: {
                Row(
                    id: $0.0.id, text: $0.0.text, repeats: $0.0.repeats.description, at: $0.0.time.description,
                    utcOffsetMinutes: $0.0.utcOffsetMinutes, endsOn: $0.0.endsOn?.description,
                    ended: $0.1 == nil && $0.0.endsOn != nil, nextAt: $0.1)
            },
            columns: [
                .init("ID") { String($0.0.id) },
                .init("NEXT") { item in
                    item.1.map {
                        // The zone too where the clock reads that time twice (`01:30 EDT`).
                        "\(clock.weekdayAbbreviations[clock.date(of: $0).weekday]) \(clock.date(of: $0)) \(LocalFormat.time($0, clock: clock))"
                    } ?? (item.0.endsOn == nil ? "-" : "ended")
                },
                // Days, a number, a time and an end: broken over lines, never cut.
                .narrowedName("REPEATS") { OwnReminderText.repeats($0.0, clock: clock) },
                .text("TEXT") { $0.0.text },
            ],
            whenEmpty:
                "No reminders of your own. Add one with: nudge remind 'Water the plants' --every 3d --at 18:00")
    }

    /// When a snooze of `reminder` waiting is due: it comes first, as `upcoming` lists it
    /// (hostile round of issue 42); one of a time the reminder no longer has is none (the edit
    /// ended it).
    private static func snoozed(_ reminder: OwnReminderSchedule, among snoozes: [(key: String, dueAt: Date)]) -> Date? {
        var earliest: Date?
        for snooze in snoozes {
            guard let parsed = OwnReminderSchedule.parse(snooze.key), parsed.id == reminder.id,
                (parsed.time ?? reminder.time) == reminder.time
            else { continue }
            earliest = min(earliest ?? snooze.dueAt, snooze.dueAt)
        }
        return earliest
    }
}
