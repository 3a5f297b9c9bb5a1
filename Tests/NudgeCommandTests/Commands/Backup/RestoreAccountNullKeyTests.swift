import Foundation
import NudgeTestSupport
import Testing

/// Another program may store a diary entry with a NULL id (`VALUES(null, …)`: SQLite allows it
/// in a key that is not an INTEGER PRIMARY KEY). The restore's account compares such rows by
/// their content, so it stays exactly true (issue 39, seventh round).
struct RestoreAccountNullKeyTests: CommandScenario {
    let directory = TemporaryDirectory()
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T10:00:00Z"] }

    func insertWithoutID(_ name: String) throws {
        let result = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                "INSERT INTO symptom_entries VALUES(null, '\(name)', 2, '2026-11-22T09:00:00Z', null, '2026-11-22T09:00:00Z', '2026-11-22T09:00:00Z')",
            ])
        #expect(result.status == 0, "\(result)")
    }

    func restoreLatest() -> String {
        let restored = nudge("restore", "--latest", "--yes")
        #expect(restored.status == 0, "\(restored)")
        return restored.stdout
    }

    @Test func nothingChangedIsSaidSo() throws {
        #expect(nudge("log", "symptom", "headache", "--severity", "3").status == 0)
        try insertWithoutID("sneeze")
        #expect(nudge("backup").status == 0)
        let said = restoreLatest()
        #expect(said.contains("; nothing written since then is missing from it; "), "\(said)")
        #expect(!said.contains("come"), "\(said)")
    }

    @Test func oneWrittenAndOneDeletedSinceAreCountedOnce() throws {
        #expect(nudge("log", "symptom", "headache", "--severity", "3").status == 0)
        try insertWithoutID("sneeze")
        try insertWithoutID("sneeze")
        #expect(nudge("backup").status == 0)
        try insertWithoutID("cough")
        let deleted = try Subprocess.run(
            "/usr/bin/sqlite3",
            [store, "DELETE FROM symptom_entries WHERE rowid = (SELECT min(rowid) FROM symptom_entries)"])
        #expect(deleted.status == 0, "\(deleted)")
        let said = restoreLatest()
        #expect(
            said.contains(
                "; 1 diary entry written since then is not in it; 1 diary entry that the store no longer has comes back; "
            ),
            "\(said)")
    }

    /// An edit of such a row (its rowid, by which nudge names it, kept) is one row changed, not
    /// one written and one deleted (issue 39, thirteenth round).
    @Test func anEditOfARowWithoutIDIsOneChanged() throws {
        #expect(nudge("log", "symptom", "headache", "--severity", "3").status == 0)
        try insertWithoutID("sneeze")
        #expect(nudge("backup").status == 0)
        let edited = try Subprocess.run(
            "/usr/bin/sqlite3", [store, "UPDATE symptom_entries SET severity = 4 WHERE id IS NULL"])
        #expect(edited.status == 0, "\(edited)")
        let said = restoreLatest()
        #expect(
            said.contains("; 1 diary entry (1 changed) written since then is not in it; the store before"), "\(said)")
        #expect(!said.contains("come"), "\(said)")
    }
}
