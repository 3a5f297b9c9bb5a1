import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// Answers and records a hostile tester got wrong (issue 40, fifth round): an answer that no
/// longer applies, a reminder answered another way than by a button, a session dated after its
/// reflections, an empty note, an answer nudge cannot read, a history from the future.
@Suite struct AnswersAndRecordsTests: CommandScenario {
    let directory = TemporaryDirectory()

    private func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        let database = try DatabaseQueue(path: store)
        defer { try? database.close() }
        try database.write { try $0.execute(sql: sql, arguments: arguments) }
    }

    /// "Call Kim" shown at 09:00 as delivery 5; the session's id (a new one) for the journal.
    private func shownCall(_ name: String) throws {
        #expect(nudge("contacts", "add", name, "--every", "7").status == 0)
        try execute(
            """
            INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title)
                SELECT 5, 'call:' || identity || ':cadence:2026-11-22', 'call', '2026-11-22T08:00:00Z',
                    '2026-11-22T08:00:00Z', 'Call ' || contacts.name
                FROM contact_identities JOIN contacts ON contacts.id = contact_id WHERE contacts.name = ?
            """, [name])
    }

    private func addedSession(_ arguments: String...) throws -> String {
        let added = nudge(["journal", "add", "--type", "oral"] + arguments)
        #expect(added.status == 0, "\(added)")
        let rows = try StoreQuery.rows(store, "SELECT id FROM therapy_sessions ORDER BY started_at DESC")
        return try #require(rows.first?["id"])
    }

    /// A call logged since the reminder was shown: Called would log a second one.
    @Test func calledIsRefusedOnceACallWasLoggedSinceTheReminderWasShown() throws {
        try shownCall("Kim")
        #expect(nudge("call", "log", "Kim").status == 0)
        try InProcessNudge.expectRefusal(
            ["ack", "5", "called"], store: store, environment: environment,
            mentioning:
                "a call with Kim was logged at 20:00 today, 2026-11-22 20:00 CET, since this reminder was shown; Called would log a second one, so nothing changed"
        )
    }

    /// The same for Remind me tomorrow (sixth round): that call settles the reminder, and the
    /// reminder it promised would never come.
    @Test func remindMeTomorrowIsRefusedOnceACallWasLoggedSinceTheReminderWasShown() throws {
        try shownCall("Bob")
        #expect(nudge("call", "log", "Bob").status == 0)
        try InProcessNudge.expectRefusal(
            ["ack", "5", "tomorrow"], store: store, environment: environment,
            mentioning:
                "a call with Bob was logged at 20:00 today, 2026-11-22 20:00 CET, since this reminder was shown; that call settles it, so no reminder would come tomorrow, so nothing changed"
        )
    }

    /// The mood after a session has no button: ack says how it is answered, in words.
    @Test func theMoodPromptSaysItIsAnsweredWithJournalEdit() throws {
        let session = try addedSession("--at", "241 min ago")
        try execute(
            """
            INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title) VALUES
                (6, 'journal:' || ? || ':mood', 'journal', '2026-11-22T18:59:00Z', '2026-11-22T18:59:00Z',
                    'After your session');
            INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, cancelled_at) VALUES
                (7, 'journal:' || ? || ':reflect:1', 'journal', '2026-11-23T09:00:00Z', '2026-11-22T19:00:00Z');
            """, [session, session])
        let expected = "answered with nudge journal edit \(session.prefix(8)) --mood-after N, N from 1 to 10"
        for answer in ["7", "write"] {
            let refused = try InProcessNudge.expectRefusal(
                ["ack", "6", answer], store: store, environment: environment, mentioning: expected)
            #expect(!refused.stderr.contains("journal:") && !refused.stderr.contains("none of its"), "\(refused)")
        }
        let cancelled = try InProcessNudge.expectRefusal(
            ["ack", "7", "later"], store: store, environment: environment,
            mentioning: "delivery 7 (A moment to reflect) was cancelled; nothing to answer")
        #expect(!cancelled.stderr.contains("journal:"), "\(cancelled)")
    }

    /// Dated after a reflection on it, a session is refused; without one, warned of as before.
    @Test func aSessionIsNotDatedAfterItsReflections() throws {
        let reflected = try addedSession("--at", "2 days ago")
        #expect(nudge("journal", "reflect", reflected, "--text", "private words").status == 0)
        let refused = try InProcessNudge.expectRefusal(
            ["journal", "edit", reflected, "--at", "in 2 days"], store: store, environment: environment,
            mentioning: "is after the reflection on session \(reflected.prefix(8)) written 2026-11-22 20:00")
        #expect(!refused.stderr.contains("private"), "\(refused)")
        let alone = try addedSession("--at", "1 day ago")
        let moved = nudge("journal", "edit", alone, "--at", "in 2 days")
        #expect(moved.status == 0 && moved.stderr.contains("warning: --at is in the future"), "\(moved)")
    }

    /// An empty or blank note is no note: the same reminder with or without it, both ways.
    @Test(arguments: [("", nil), (nil, "  ")] as [(String?, String?)])
    func anEmptyNoteIsNoNote(first: String?, second: String?) throws {
        #expect(nudge("contacts", "add", "Mom").status == 0)
        for note in [first, second] {
            let added = nudge(["call", "remind", "Mom", "--in", "5"] + (note.map { ["--note", $0] } ?? []))
            #expect(added.status == 0, "\(added)")
        }
        let rows = try StoreQuery.rows(store, "SELECT note FROM call_reminders")
        #expect(rows == [["note": "NULL"]], "\(rows)")
    }

    /// An answer another program wrote as bytes is not answered over.
    @Test func anAnswerThatCannotBeReadIsNotAnsweredOver() throws {
        try shownCall("Sam")
        try execute("UPDATE reminder_deliveries SET action = X'00ff' WHERE id = 5")
        try InProcessNudge.expectRefusal(
            ["ack", "5", "dismiss"], store: store, environment: environment,
            mentioning: "delivery 5 cannot be read: another program wrote its answer in a form nudge cannot read")
    }

    @Test func aHistoryFromTheFutureIsRefusedWithAnExampleThatIsTaken() throws {
        try expectRefusal(
            ["history", "--since", "tomorrow"],
            mentioning:
                "--since 'tomorrow' (00:00 tomorrow, 2026-11-23 00:00 CET) is in the future; give a time that has passed, such as --since 7d"
        )
        #expect(nudge("history", "--since", "7d").status == 0)
    }
}
