import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// `nudge ack` takes a button's label as the person read it, in any case, as well as its id,
/// and says what it did in the notification's words, never in internal keys.
@Suite struct AckWordsTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// A test alarm shown at 19:50 and not answered; its delivery id.
    private func shownTestAlarm() throws -> String {
        try StoreQuery.create(store)
        let database = try DatabaseQueue(path: store)
        defer { try? database.close() }
        return try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (reminder_key, kind, due_at, title, shown_at, notification_id)
                        VALUES ('alarm_test:shown', 'alarm_test', '2026-11-22T18:50:00Z', 'Test alarm', '2026-11-22T18:50:00Z', 4)
                    """)
            return String(db.lastInsertedRowID)
        }
    }

    @Test(arguments: ["Stop", "STOP", "stop"])
    func theButtonsLabelAnswersInTheNotificationsWords(typed: String) throws {
        let id = try shownTestAlarm()
        let acked = nudge("ack", id, typed)
        #expect(acked.status == 0 && acked.stdout == "answered Test alarm: Stop\n", "\(acked)")
        #expect(try StoreDump.of(store, tables: ["reminder_deliveries"]).contains("action:\"stop\""))
    }

    /// A row another program wrote unreadably is not "no delivery": the refusal says it cannot
    /// be read and where such rows are named, as `history` had just named it.
    @Test func anUnreadableDeliveryIsRefusedAsUnreadable() throws {
        try StoreQuery.create(store)
        let database = try DatabaseQueue(path: store)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, title, shown_at)
                        VALUES (3, 'alarm_test:shown', 'alarm_test', 'garbage', 'Test alarm', '2026-11-22T18:50:00Z')
                    """)
        }
        try database.close()
        #expect(nudge("history").stderr.contains("reminder_deliveries id 3"))
        _ = try InProcessNudge.expectRefusal(
            ["ack", "3", "stop"], store: store, environment: environment,
            mentioning:
                "delivery 3 cannot be read (another program wrote it); nothing was answered; 'nudge history' names the rows it cannot read"
        )
    }

    /// "I'm awake" stops a ringing alarm, which only a running daemon rings: without one it is
    /// refused, saying that the alarm is not ringing, that nothing was recorded, and how to have
    /// it ring (issue 41, hostile round).
    @Test func awakeWithoutADaemonIsRefused() throws {
        let id = try shownTestAlarm()
        _ = try InProcessNudge.expectRefusal(
            ["ack", id, "I'm awake"], store: store, environment: environment,
            mentioning:
                "no nudge daemon runs on \(store), so delivery \(id) is not ringing and I'm awake was not recorded; only a running daemon rings an alarm: systemctl --user start nudge (or nudge daemon)"
        )
    }

    /// Answered, the same answer again changes nothing and says so; another answer is refused
    /// with the first one named, which stands.
    @Test func anotherAnswerToOneAnsweredNamesTheFirst() throws {
        try StoreQuery.create(store)
        let database = try DatabaseQueue(path: store)
        let id = try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (reminder_key, kind, due_at, title, shown_at, notification_id)
                        VALUES ('symptom:2026-11-22', 'symptom', '2026-11-22T19:00:00Z', 'Daily symptom check', '2026-11-22T19:00:00Z', 4)
                    """)
            return String(db.lastInsertedRowID)
        }
        try database.close()
        #expect(nudge("ack", id, "done").stdout == "answered Daily symptom check: Nothing else today\n")
        let same = nudge("ack", id, "done")
        #expect(same.status == 0 && same.stdout == "delivery \(id) was already answered; nothing changed\n", "\(same)")
        _ = try InProcessNudge.expectRefusal(
            ["ack", id, "snooze"], store: store, environment: environment,
            mentioning:
                "nudge: delivery \(id) was already answered 'Nothing else today'; that first answer stands, and nothing changed\n"
        )
    }

    @Test func anAnswerTheNotificationDoesNotOfferNamesItsButtons() throws {
        let id = try shownTestAlarm()
        _ = try InProcessNudge.expectRefusal(
            ["ack", id, "take"], store: store, environment: environment,
            mentioning: "'take' is not an answer to Test alarm (delivery \(id)); give Stop (stop)")
    }
}
