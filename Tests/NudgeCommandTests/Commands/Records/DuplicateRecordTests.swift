import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// `call log` and `log symptom` typed twice record once (hostile round of issue 40: `call log
/// Joanna --at '2h ago' --duration 5` twice was two calls): a second record of the same contact
/// or symptom within 5 minutes of one there, whoever wrote it, is refused as `meds taken`
/// refuses DoseTap's duplicate (exit 64, one line, the store unchanged, no private text), and
/// `--confirm-duplicate` records it.
@Suite struct DuplicateRecordTests: CommandScenario {
    let directory = TemporaryDirectory()

    func count(_ table: String) throws -> Int { try StoreQuery.rows(store, "SELECT id FROM \(table)").count }

    @Test func aCallLoggedTwiceIsOneCall() throws {
        #expect(nudge("contacts", "add", "Joanna").status == 0)
        #expect(nudge("call", "log", "Joanna", "--at", "2h ago", "--duration", "5").status == 0)
        let id = try #require(try StoreQuery.rows(store, "SELECT id FROM call_logs").first?["id"]).prefix(8)
        let refused = try InProcessNudge.expectRefusal(
            ["call", "log", "Joanna", "--at", "2h ago", "--duration", "5"], store: store, environment: environment,
            mentioning:
                "a call with Joanna is logged already at 18:00 today, 2026-11-22 18:00 CET, id \(id); nothing logged; correct it with nudge call edit \(id), or log a second with --confirm-duplicate\n"
        )
        #expect(refused.stdout.isEmpty)
        // Four minutes later is the same call; six is another.
        #expect(nudge("call", "log", "Joanna", "--at", "18:04").status == 64)
        #expect(try count("call_logs") == 1)
        #expect(nudge("call", "log", "Joanna", "--at", "18:04", "--confirm-duplicate").status == 0)
        #expect(nudge("call", "log", "Joanna", "--at", "18:10").status == 0)
        #expect(try count("call_logs") == 3)
    }

    /// A call the Monica client wrote counts (its own time format); one marked deleted does not.
    @Test func aCallAnotherProgramWroteCountsAndADeletedOneDoesNot() throws {
        #expect(nudge("contacts", "add", "Joanna").status == 0)
        let contact = try #require(try StoreQuery.rows(store, "SELECT id FROM contacts").first?["id"])
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    INSERT INTO call_logs (id, server_id, contact_id, called_at, duration_minutes, sync_status,
                        is_marked_deleted, created_at, updated_at) VALUES
                        ('MONICA-1', 7, ?, '2026-11-22T17:00:00.000+01:00', 5, 'synced', 0, '', ''),
                        ('MONICA-2', 8, ?, '2026-11-22T19:00:00+01:00', 5, 'synced', 1, '', '')
                    """, arguments: [contact, contact])
        }
        #expect(nudge("call", "log", "Joanna", "--at", "17:02").status == 64)
        #expect(nudge("call", "log", "Joanna", "--at", "19:00").status == 0)
    }

    @Test func aSymptomLoggedTwiceIsOneEntryAndTheRefusalNamesItNot() throws {
        #expect(nudge("log", "symptom", "Fatigue", "--severity", "3", "--at", "3 days ago").status == 0)
        let id = try #require(try StoreQuery.rows(store, "SELECT id FROM symptom_entries").first?["id"]).prefix(8)
        let refused = try InProcessNudge.expectRefusal(
            ["log", "symptom", "fatigue", "--severity", "4", "--at", "3 days ago"], store: store,
            environment: environment,
            mentioning:
                "this symptom is logged already on Thursday 19 Nov, 20:00 (2026-11-19 20:00 CET), id \(id); nothing logged; correct it with nudge symptoms edit \(id), or log a second with --confirm-duplicate\n"
        )
        #expect(!refused.stderr.lowercased().contains("fatigue"), "\(refused)")
        #expect(nudge("log", "symptom", "Headache", "--severity", "2", "--at", "3 days ago").status == 0)
        #expect(
            nudge("log", "symptom", "Fatigue", "--severity", "3", "--at", "3 days ago", "--confirm-duplicate").status
                == 0)
        #expect(try count("symptom_entries") == 3)
    }

    /// An entry Symptomly wrote counts, in its own time format and case.
    @Test func aSymptomAnotherProgramWroteCounts() throws {
        #expect(nudge("log", "symptom", "Cough", "--severity", "1", "--at", "10:00").status == 0)
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    INSERT INTO symptom_entries (id, name, severity, logged_at, notes, created_at, updated_at)
                    VALUES ('SYMPTOMLY-1', 'FATIGUE', 3, '2026-11-22T18:00:00.000Z', NULL, '', '')
                    """)
        }
        #expect(nudge("log", "symptom", "Fatigue", "--severity", "3", "--at", "19:03").status == 64)
        #expect(try count("symptom_entries") == 2)
    }
}
