import Foundation
import NudgeTestSupport
import Testing

/// A deleted reminder's id is never given again (hostile round 18 on issue 39: the next one
/// added got it, so a restore's account called it "changed", and an answer to the deleted
/// one's notification, whose occurrence key names that id, answered the new one).
@Suite struct OwnReminderNumbersTests: CommandScenario {
    let directory = TemporaryDirectory()
    let environment = CommandScenarioClock.newYorkEvening

    @Test func aDeletedRemindersIdIsNotGivenAgainNorItsAnswers() throws {
        #expect(nudge("remind", "Water the plants", "--every", "3d", "--at", "18:00").status == 0)
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title) VALUES
                (15, 'reminder:1:2026-11-22:1800', 'reminder', '2026-11-22T23:00:00Z',
                    '2026-11-22T23:00:00Z', 'Water the plants')
            """)
        #expect(nudge("reminders", "delete", "1", "--yes").status == 0)
        let added = nudge("remind", "Take the pills", "--every", "3d", "--at", "18:00")
        #expect(added.stdout.hasPrefix("added reminder 2: Take the pills"), "\(added)")
        let answered = nudge("ack", "15", "done")
        #expect(answered.status == 64, "\(answered)")
        #expect(try StoreQuery.rows(store, "SELECT id FROM reminder_deliveries WHERE action IS NOT NULL").isEmpty)
        // Nor after the newest is deleted too: the mark, not the rows, says what was given.
        #expect(nudge("reminders", "delete", "2", "--yes").status == 0)
        #expect(
            nudge("remind", "Call the pharmacy", "--every", "3d", "--at", "18:00").stdout.hasPrefix("added reminder 3:")
        )
    }
}
