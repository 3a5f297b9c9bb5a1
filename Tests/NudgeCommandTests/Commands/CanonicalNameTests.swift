import Foundation
import NudgeTestSupport
import Testing

/// Names typed composed (`Zoë`, NFC) or decomposed (`Zoe` and a combining diaeresis, NFD, as
/// some keyboards, pastes and programs give it) are one name (issue 40): a new one is stored
/// composed, and a decomposed one matches it; a name another program stored decomposed is
/// read and kept as it is. Bytes are compared as hex: Swift's `==` cannot tell the two apart.
@Suite struct CanonicalNameTests: CommandScenario {
    let directory = TemporaryDirectory()
    let composed = "Zo\u{EB}"
    let decomposed = "Zoe\u{308}"
    let composedHex = "5A6FC3AB"
    let decomposedHex = "5A6F65CC88"

    func hex(_ sql: String) throws -> [String] {
        try StoreQuery.rows(store, sql).map { $0["h"] ?? "" }
    }

    @Test func aDecomposedNameIsStoredComposedAndMatchesIt() throws {
        #expect(nudge("log", "symptom", decomposed, "--severity", "2").status == 0)
        #expect(nudge("log", "symptom", composed, "--severity", "3", "--confirm-duplicate").status == 0)
        #expect(try hex("SELECT hex(name) AS h FROM symptom_entries") == [composedHex, composedHex])

        #expect(nudge("contacts", "add", decomposed).status == 0)
        let twice = nudge("contacts", "add", composed)
        #expect(twice.status == 64 && twice.stderr.contains("exists (id 1)"), "\(twice)")
        #expect(try hex("SELECT hex(name) AS h FROM contacts") == [composedHex])

        #expect(nudge("meds", "add", decomposed, "--dose", "10mg", "--at", "08:00", "--custom").status == 0)
        let edited = nudge("meds", "edit", composed, "--at", "09:00")
        #expect(edited.status == 0, "\(edited)")
        let again = nudge("meds", "add", composed, "--dose", "10mg", "--at", "08:00", "--custom")
        #expect(again.status == 64 && again.stderr.contains("already taken by day"), "\(again)")
        #expect(try hex("SELECT hex(medication_id) AS h FROM medication_schedules") == [composedHex])

        #expect(nudge("remind", decomposed, "--daily", "--at", "9").status == 0)
        let reminder = nudge("remind", composed, "--daily", "--at", "9")
        #expect(reminder.status == 0 && reminder.stdout.hasPrefix("already there"), "\(reminder)")
        #expect(try hex("SELECT hex(text) AS h FROM own_reminders") == [composedHex])
    }

    /// Symptomly's rows are its own: a decomposed name it wrote is not rewritten, and the same
    /// name typed composed is that symptom, written in its spelling.
    @Test func aDecomposedNameAnotherProgramStoredIsKept() throws {
        try StoreQuery.create(store)
        try StoreQuery.write(
            store,
            """
            INSERT INTO symptom_entries (id, name, severity, logged_at, created_at, updated_at)
            VALUES ('a1', 'Zoe' || char(776), 3, '2026-11-22T10:00:00Z', '2026-11-22T10:00:00Z', '2026-11-22T10:00:00Z')
            """)
        #expect(nudge("log", "symptom", composed, "--severity", "2").status == 0)
        #expect(try hex("SELECT hex(name) AS h FROM symptom_entries ORDER BY rowid") == [decomposedHex, decomposedHex])
        let listed = nudge("symptoms", "--chart", "--days", "2")
        #expect(listed.status == 0 && listed.stdout.split(separator: "\n").filter { $0.hasPrefix("Zo") }.count == 1)
    }
}
