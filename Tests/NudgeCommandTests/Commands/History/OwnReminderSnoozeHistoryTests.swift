import Foundation
import NudgeTestSupport
import Testing

/// A snooze of one of the person's own reminders, waiting to be shown, is named in `history` by
/// the reminder's text, as its shown rows are: it said "reminder reminder" (issue 42, hostile
/// round). Own reminders are no private kind.
@Suite struct OwnReminderSnoozeHistoryTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aWaitingSnoozeIsNamedByItsReminder() throws {
        #expect(nudge("remind", "Water the plants", "--every", "1d", "--at", "19:00").status == 0)
        try StoreQuery.write(
            store,
            """
                    INSERT INTO reminder_deliveries
                        (id, reminder_key, kind, due_at, shown_at, notification_id, title, awaits_answer) VALUES
                        (5, 'reminder:1:2026-11-22:1900', 'reminder', '2026-11-22T18:00:00Z',
                            '2026-11-22T18:00:00Z', 41, 'Water the plants', 1)
            """)
        let snoozed = nudge("ack", "5", "snooze")
        try #require(snoozed.status == 0, "\(snoozed)")
        let table = InProcessNudge.run(
            ["history", "--store", store], environment: environment.merging(["COLUMNS": "200"]) { $1 })
        let waiting = table.stdout.split(separator: "\n").filter { $0.contains("pending") }
        #expect(waiting.count == 1 && waiting[0].hasSuffix("Water the plants"), "\(table)")
        #expect(!table.stdout.contains("reminder reminder"), "\(table)")
    }
}
