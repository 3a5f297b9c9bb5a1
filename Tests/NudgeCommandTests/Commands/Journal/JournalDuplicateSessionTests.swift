import Foundation
import NudgeTestSupport
import Testing

/// `journal add` typed twice keeps one session, as `call remind` does (issue 40, sixth round):
/// exit 0 where the fields are the same, refused where they differ; never the fields' text.
@Suite struct JournalDuplicateSessionTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aSecondSessionInTheSameMinuteIsNotAdded() throws {
        let add = ["journal", "add", "--type", "oral", "--at", "9:00", "--intentions", "private words"]
        let first = nudge(add)
        #expect(first.status == 0 && first.stdout.hasPrefix("added the session of 09:00 today"), "\(first)")
        let id = try #require(try StoreQuery.rows(store, "SELECT id FROM therapy_sessions").first?["id"]).prefix(8)
        let again = nudge(add)
        #expect(
            again.status == 0
                && again.stdout
                    == "the session of 09:00 today, 2026-11-22 09:00 CET already exists (id \(id)); nothing added\n",
            "\(again)")
        let refused = try InProcessNudge.expectRefusal(
            ["journal", "add", "--type", "oral", "--at", "9:00", "--intentions", "other private words"], store: store,
            environment: environment,
            mentioning:
                "already exists (id \(id)) with other fields; nothing added; change it with: nudge journal edit \(id) --intentions TEXT, or give another --at\n"
        )
        #expect(!refused.stderr.contains("private"), "\(refused)")
        #expect(try StoreQuery.rows(store, "SELECT id FROM therapy_sessions").count == 1)
    }

    /// The edit offered names each field given that differs, its value's place only, and runs
    /// once the values are put in; a session that has every field given and more says so.
    @Test func theEditOfferedNamesTheFieldsThatDiffer() throws {
        #expect(nudge("journal", "add", "--type", "oral", "--at", "9:00", "--dose", "a secret dose").status == 0)
        let id = try #require(try StoreQuery.rows(store, "SELECT id FROM therapy_sessions").first?["id"]).prefix(8)
        let refused = try InProcessNudge.expectRefusal(
            ["journal", "add", "--type", "iv", "--at", "9:00", "--dose", "a secret dose", "--mood-after", "7"],
            store: store, environment: environment,
            mentioning: "; change it with: nudge journal edit \(id) --type TYPE --mood-after N, or give another --at\n")
        #expect(!refused.stderr.contains("secret") && !refused.stderr.contains(" iv"), "\(refused)")
        #expect(nudge("journal", "edit", String(id), "--type", "iv", "--mood-after", "7").status == 0)
        try InProcessNudge.expectRefusal(
            ["journal", "add", "--type", "iv", "--at", "9:00"], store: store, environment: environment,
            mentioning:
                "with other fields; nothing added; it has every field given and more (nudge journal show \(id)), or give another --at\n"
        )
    }
}
