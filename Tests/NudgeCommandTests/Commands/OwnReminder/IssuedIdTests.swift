import Foundation
import NudgeTestSupport
import Testing

/// Ids a person reads and types back are never given twice. A deleted reminder's was
/// (hostile round 18 on issue 39: the next one added got it, so a restore's account called it
/// "changed", and an answer to the deleted one's notification, whose occurrence key names that
/// id, answered the new one).
@Suite struct IssuedIdTests: CommandScenario {
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

    /// A restore rolls back a reminder and a contact added since the backup: their ids stay
    /// given (hostile round 21 on issue 39: the next ones added got them, so `reminders delete
    /// 1` read from before acted on another reminder).
    @Test func aRestoresRolledBackRemindersAndContactsKeepTheirIds() throws {
        #expect(nudge("log", "symptom", "Fatigue", "--severity", "2").status == 0)
        #expect(nudge("backup").status == 0)
        #expect(
            nudge("remind", "Gone one", "--on", "2026-12-25", "--at", "09:00").stdout.hasPrefix("added reminder 1:"))
        #expect(nudge("contacts", "add", "Sam", "--every", "7d").stdout.contains("(id 1)"))
        let restored = nudge("restore", "--latest", "--yes")
        #expect(restored.status == 0, "\(restored)")
        let added = nudge("remind", "Fresh one", "--on", "2026-12-26", "--at", "09:00")
        #expect(added.stdout.hasPrefix("added reminder 2: Fresh one"), "\(added)")
        let contact = nudge("contacts", "add", "Pat", "--every", "7d")
        #expect(contact.stdout.contains("(id 2)"), "\(contact)")
    }

    /// A removed contact's id is not given to the next one added.
    @Test func aRemovedContactsIdIsNotGivenAgain() throws {
        #expect(nudge("contacts", "add", "Del Me", "--every", "7d").stdout.contains("(id 1)"))
        #expect(nudge("contacts", "remove", "Del Me", "--yes").status == 0)
        let next = nudge("contacts", "add", "Next", "--every", "7d")
        #expect(next.stdout.contains("(id 2)"), "\(next)")
    }
}
