import Foundation
import NudgeTestSupport
import Testing

/// An edit makes no duplicate its add refuses (hostile round of issue 40 after A14, High 1:
/// `symptoms edit --at`, `call edit --at` and `journal edit --at` moved an entry onto another).
/// Refused as the add refuses it (exit 64, one line, the store unchanged, no private text);
/// `--confirm-duplicate` keeps both where the add takes it.
@Suite struct EditDuplicateTests: CommandScenario {
    let directory = TemporaryDirectory()

    func ids(_ sql: String) throws -> [String] { try StoreQuery.rows(store, sql).compactMap { $0["id"] } }

    @Test func aSymptomEntryMovedOrRenamedOntoAnotherIsRefused() throws {
        #expect(nudge("log", "symptom", "Fatigue", "--severity", "3", "--at", "10:00").status == 0)
        #expect(nudge("log", "symptom", "Fatigue", "--severity", "3", "--at", "11:00").status == 0)
        #expect(nudge("log", "symptom", "Cough", "--severity", "2", "--at", "10:00").status == 0)
        let first = try #require(
            try ids("SELECT id FROM symptom_entries WHERE logged_at LIKE '%T09:00%' AND name = 'Fatigue'").first)
        let second = try #require(try ids("SELECT id FROM symptom_entries WHERE logged_at LIKE '%T10:00%'").first)
        let cough = try #require(try ids("SELECT id FROM symptom_entries WHERE name = 'Cough'").first)
        let refused = try InProcessNudge.expectRefusal(
            ["symptoms", "edit", String(second.prefix(8)), "--at", "10:03"], store: store, environment: environment,
            mentioning:
                "this symptom is logged already at 10:00 today, 2026-11-22 10:00 CET, id \(first.prefix(8)); nothing changed; give another time, or keep both with --confirm-duplicate\n"
        )
        #expect(!refused.stderr.lowercased().contains("fatigue"), "\(refused)")
        // A rename onto the same symptom (in another case) at the same time is one too.
        _ = try InProcessNudge.expectRefusal(
            ["symptoms", "edit", String(cough.prefix(8)), "--name", "fatigue"], store: store,
            environment: environment, mentioning: "id \(first.prefix(8)); nothing changed")
        #expect(nudge("symptoms", "edit", String(second.prefix(8)), "--at", "10:06").status == 0)
        #expect(
            nudge("symptoms", "edit", String(second.prefix(8)), "--at", "10:03", "--confirm-duplicate").status == 0)
        // Kept both on purpose, the entry is still corrected without insisting again.
        #expect(nudge("symptoms", "edit", String(second.prefix(8)), "--severity", "4").status == 0)
    }

    @Test func aCallMovedOntoAnotherWithTheContactIsRefused() throws {
        #expect(nudge("contacts", "add", "Joanna").status == 0)
        #expect(nudge("contacts", "add", "Sam").status == 0)
        #expect(nudge("call", "log", "Joanna", "--at", "10:00", "--notes", "private words").status == 0)
        #expect(nudge("call", "log", "Joanna", "--at", "12:00").status == 0)
        #expect(nudge("call", "log", "Sam", "--at", "14:00").status == 0)
        let first = try #require(try ids("SELECT id FROM call_logs WHERE called_at LIKE '%T09:00%'").first)
        let second = try #require(try ids("SELECT id FROM call_logs WHERE called_at LIKE '%T11:00%'").first)
        let sam = try #require(try ids("SELECT id FROM call_logs WHERE called_at LIKE '%T13:00%'").first)
        let refused = try InProcessNudge.expectRefusal(
            ["call", "edit", String(second.prefix(8)), "--at", "9:58"], store: store, environment: environment,
            mentioning:
                "a call with Joanna is logged already at 10:00 today, 2026-11-22 10:00 CET, id \(first.prefix(8)); nothing changed; give another time, or keep both with --confirm-duplicate\n"
        )
        #expect(!refused.stderr.contains("private"), "\(refused)")
        // Another contact's call at that time is no duplicate.
        #expect(nudge("call", "edit", String(sam.prefix(8)), "--at", "10:00").status == 0)
        #expect(nudge("call", "edit", String(second.prefix(8)), "--at", "9:58", "--confirm-duplicate").status == 0)
    }

    @Test func aSessionMovedIntoTheMinuteOfAnotherIsRefused() throws {
        #expect(nudge("journal", "add", "--type", "oral", "--at", "9:00", "--intentions", "private words").status == 0)
        #expect(nudge("journal", "add", "--type", "oral", "--at", "11:00").status == 0)
        let first = try #require(try ids("SELECT id FROM therapy_sessions WHERE started_at LIKE '%T08:00%'").first)
        let second = try #require(try ids("SELECT id FROM therapy_sessions WHERE started_at LIKE '%T10:00%'").first)
        let refused = try InProcessNudge.expectRefusal(
            ["journal", "edit", String(second.prefix(8)), "--at", "9:00"], store: store, environment: environment,
            mentioning:
                "the session of 09:00 today, 2026-11-22 09:00 CET already exists (id \(first.prefix(8))); nothing changed; give another --at\n"
        )
        #expect(!refused.stderr.contains("private"), "\(refused)")
        #expect(nudge("journal", "edit", String(second.prefix(8)), "--at", "9:01").status == 0)
    }
}
