import Foundation
import NudgeTestSupport
import Testing

/// A journal refusal hides only the journal's text (its fields' values, and words given
/// without quotes, which may be a text): the command words, ids, moods and options are said as
/// typed, so that the refusal says what is wrong; unquoted words get where a text goes instead.
@Suite struct JournalRefusalWordsTests: CommandScenario {
    let directory = TemporaryDirectory()

    static let secret = "walked by the river with my sister"

    /// What was typed, and the refusal's words (those typed in it said as typed).
    @Test(
        arguments: [
            (
                ["journal", "ad", "--intentions", secret],
                "nudge journal has no command 'ad'; did you mean: nudge journal add --intentions TEXT --store"
            ),
            (["journal", "show", "fbe"], "'fbe' is too short to name a session; give at least 4 characters"),
            (
                ["journal", "edit", "fbe5", "--mood-after", "seven"],
                "--mood-after 'seven' is not a whole number; give one from 1 to 10"
            ),
            (
                ["journal", "reflect", "fbe5"] + secret.split(separator: " ").map(String.init),
                "nudge journal reflect takes no more words (7 given, not repeated here); a text goes in quotes after --text; did you mean: nudge journal reflect fbe5 --text TEXT --store"
            ),
            (
                ["journal", "add", "--type", "iv"] + secret.split(separator: " ").map(String.init),
                "nudge journal add takes no more words (7 given, not repeated here); a text goes in quotes after its option: --dose TEXT, --environment TEXT, --intentions TEXT or --music TEXT"
            ),
            (
                ["journal", "list", "walked"],
                "nudge journal list takes no more words (1 given, not repeated here)"
            ),
            (["journal", secret], "nudge journal has no such command (the words given are not repeated here)"),
        ] as [([String], String)])
    func saysTheCommandWordsAndNeverTheText(typed: [String], refusal: String) throws {
        try StoreQuery.create(store)
        let inserted = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                """
                INSERT INTO therapy_sessions (id, started_at, treatment_type, created_at, updated_at) VALUES
                    ('fbe5a000-0000-4000-8000-000000000001', '2026-11-20T09:00:00Z', 'iv', '2026-11-20T09:00:00Z',
                        '2026-11-20T09:00:00Z')
                """,
            ]
        )
        #expect(inserted.status == 0, "\(inserted)")
        let result = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment, mentioning: refusal)
        for word in Self.secret.split(separator: " ") where word.count >= 5 {
            #expect(!result.stderr.contains(word), "repeats '\(word)': \(result.stderr)")
        }
        #expect(!result.stderr.contains("#"), "\(result.stderr)")
    }

    /// Words after the store's path are not joined to it: the line offered would repeat them.
    @Test func wordsAfterTheStoreAreNotJoinedToItsPath() throws {
        try StoreQuery.create(store)
        let typed =
            ["journal", "reflect", "fbe5", "--store", store] + Self.secret.split(separator: " ").map(String.init)
        let result = InProcessNudge.run(typed, environment: environment)
        #expect(result.status == 64 && !result.stderr.contains("river"), "\(result)")
        #expect(result.stderr.contains("nudge journal reflect takes no more words (7 given"), "\(result)")
    }
}
