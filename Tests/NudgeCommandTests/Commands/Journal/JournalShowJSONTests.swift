import Foundation
import NudgeTestSupport
import Testing

/// `journal show --json` byte for byte, as programs read it (nudge(5)): every key, in order,
/// null where a field is absent, a reflection's text escaped, times in UTC.
@Suite struct JournalShowJSONTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// The id of the store's one session.
    func sessionID() throws -> String {
        try #require(try StoreQuery.rows(store, "SELECT id FROM therapy_sessions").first?["id"])
    }

    @Test func aSessionWithEveryFieldAndAReflection() throws {
        #expect(
            nudge(
                "journal", "add", "--type", "iv", "--at", "18:00", "--dose", "50 mg", "--intentions", "let go",
                "--environment", "quiet room", "--music", "Satie", "--mood-before", "4", "--mood-after", "7"
            ).status == 0)
        let id = try sessionID()
        #expect(nudge("journal", "reflect", String(id.prefix(8)), "--text", "felt calm\n\"and\" light").status == 0)
        let reflection = try #require(try StoreQuery.rows(store, "SELECT id FROM therapy_reflections").first?["id"])
        #expect(
            nudge("journal", "show", String(id.prefix(8)), "--json").stdout == """
                {
                  "created_at" : "2026-11-22T19:00:00Z",
                  "dose" : "50 mg",
                  "environment" : "quiet room",
                  "id" : "\(id)",
                  "intentions" : "let go",
                  "mood_after" : 7,
                  "mood_before" : 4,
                  "music" : "Satie",
                  "reflections" : [
                    {
                      "id" : "\(reflection)",
                      "source" : "command",
                      "text" : "felt calm\\n\\"and\\" light",
                      "written_at" : "2026-11-22T19:00:00Z"
                    }
                  ],
                  "started_at" : "2026-11-22T17:00:00Z",
                  "treatment_type" : "iv",
                  "updated_at" : "2026-11-22T19:00:00Z"
                }

                """)
    }

    @Test func aSessionWithNothingButItsType() throws {
        #expect(nudge("journal", "add", "--type", "oral").status == 0)
        let id = try sessionID()
        #expect(
            nudge("journal", "show", String(id.prefix(8)), "--json").stdout == """
                {
                  "created_at" : "2026-11-22T19:00:00Z",
                  "dose" : null,
                  "environment" : null,
                  "id" : "\(id)",
                  "intentions" : null,
                  "mood_after" : null,
                  "mood_before" : null,
                  "music" : null,
                  "reflections" : [],
                  "started_at" : "2026-11-22T19:00:00Z",
                  "treatment_type" : "oral",
                  "updated_at" : "2026-11-22T19:00:00Z"
                }

                """)
    }
}
