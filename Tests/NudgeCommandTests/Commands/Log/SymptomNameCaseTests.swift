import Foundation
import NudgeTestSupport
import Testing

/// One symptom, one name: a name that differs from one logged before only by case is written
/// in the first spelling, by `log symptom` and by `symptoms edit --name`, and the confirmation
/// says so.
@Suite struct SymptomNameCaseTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aSpellingThatDiffersOnlyByCaseIsWrittenAsBefore() throws {
        #expect(nudge("log", "symptom", "Headache", "--severity", "2", "--at", "19:00").status == 0)
        let again = nudge("log", "symptom", "headache", "--severity", "3", "--at", "19:30")
        #expect(
            again.stdout
                == "logged Headache (3) at 19:30 today, 2026-11-22 19:30 CET (written as Headache, as before)\n",
            "\(again)")
        let days = nudge("log", "symptom", "HEADACHE", "--severity", "1", "--at", "monday 10:00").stdout
        #expect(
            days.hasPrefix("logged Headache (1) for Monday") && days.hasSuffix("(written as Headache, as before)\n"))
        let same = nudge("log", "symptom", "Headache", "--severity", "1", "--at", "19:40").stdout
        #expect(!same.contains("written as"), "\(same)")
        let names = try StoreQuery.rows(store, "SELECT DISTINCT name FROM symptom_entries").map { $0["name"] }
        #expect(names == ["Headache"])
    }

    @Test func anEditedNameThatDiffersOnlyByCaseIsWrittenAsBefore() throws {
        #expect(nudge("log", "symptom", "Headache", "--severity", "2", "--at", "19:00").status == 0)
        #expect(nudge("log", "symptom", "Nausea", "--severity", "3", "--at", "19:30").status == 0)
        let nausea = try #require(
            try StoreQuery.rows(store, "SELECT id FROM symptom_entries WHERE name = 'Nausea'").first?["id"])
        let edited = nudge("symptoms", "edit", String(nausea.prefix(8)), "--name", "HEADACHE")
        #expect(
            edited.stdout
                == "corrected Headache (3) at 19:30 today, 2026-11-22 19:30 CET (written as Headache, as before)\n",
            "\(edited)")
        let names = try StoreQuery.rows(store, "SELECT DISTINCT name FROM symptom_entries").map { $0["name"] }
        #expect(names == ["Headache"])
        // The entry's own spelling is not one to keep: alone, it takes the new one.
        let headache = try #require(
            try StoreQuery.rows(store, "SELECT id FROM symptom_entries ORDER BY rowid").first?["id"])
        #expect(nudge("symptoms", "delete", String(nausea.prefix(8)), "--yes").status == 0)
        let alone = nudge("symptoms", "edit", String(headache.prefix(8)), "--name", "headache")
        #expect(alone.stdout == "corrected headache (2) at 19:00 today, 2026-11-22 19:00 CET\n", "\(alone)")
    }
}
