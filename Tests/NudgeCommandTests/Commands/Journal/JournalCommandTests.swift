import Foundation
import NudgeTestSupport
import Testing

/// `nudge journal` in process: sessions, reflections, export, and refusals that change nothing
/// and never repeat the journal's text.
@Suite struct JournalCommandTests: CommandScenario {
    let directory = TemporaryDirectory()

    func sqlite(_ sql: String) throws {
        let result = try Subprocess.run("/usr/bin/sqlite3", [store, sql])
        #expect(result.status == 0, "\(result)")
    }

    /// A session with two known ids that share their first four characters.
    func twoSessionsSharingAPrefix() throws {
        try StoreQuery.create(store)
        try sqlite(
            """
            INSERT INTO therapy_sessions (id, started_at, treatment_type, created_at, updated_at) VALUES
                ('abcd1111-0000-4000-8000-000000000001', '2026-11-20T09:00:00Z', 'iv', '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z'),
                ('abcd2222-0000-4000-8000-000000000002', '2026-11-21T09:00:00Z', 'oral', '2026-11-21T09:00:00Z', '2026-11-21T09:00:00Z')
            """)
    }

    static let secret = "walked by the river with my sister"

    @Test(
        arguments: [
            (
                ["journal", "add", "--type", "injection"],
                "--type is not accepted; give one of 'iv', 'im', 'oral', 'lozenge', 'at-home' or 'clinic'"
            ),
            (["journal", "add", "--type", "ketamine-\(secret)"], "--type is not accepted"),
            (["journal", "add", "--type", "iv", "--mood-before", "0"], "--mood-before 0 is not from 1 to 10"),
            (["journal", "add", "--type", "iv", "--mood-after", "11"], "--mood-after 11 is not from 1 to 10"),
            (
                ["journal", "add", "--type", "iv", "--dose", String(repeating: "x", count: 201)],
                "--dose has 201 characters (Unicode scalars); at most 200"
            ),
            (
                ["journal", "add", "--type", "iv", "--intentions", String(repeating: "é", count: 5001)],
                "--intentions has 5001 characters"
            ),
            (
                ["journal", "add", "--type", "iv", "--music", "\(secret)\u{1B}[31m"],
                "--music contains an escape character (ESC) (U+001B)"
            ),
            (["journal", "add"], "give the treatment type with --type"),
            (["journal", "add", "--type", "iv", "--at", "soonish \(secret)"], "--at is not a time"),
            (
                ["journal", "add", "--type", "iv", "--at", "0000-01-01T00:00:00+01:00"],
                "--at is before the year 1900; give a time from 1900 to 9999"
            ),
            (["journal", "edit", "abcd1111", "--at", "0000-01-01T00:00"], "--at is before the year 1900"),
            // A text given without quotes: the line meant, with TEXT in its place.
            (
                [
                    "journal", "add", "--type", "iv", "--intentions", "I", "walked", "by", "the", "river", "with", "my",
                    "sister",
                ],
                "--intentions takes one value, in quotes when it has several words; did you mean: nudge journal add --type iv --intentions TEXT"
            ),
            (
                ["journal", "add", "--type", "iv", "--mood-before", "very \(secret)"],
                "--mood-before is not a whole number; give one from 1 to 10"
            ),
            (["journal", "add", "--type", "oral", "--intentions=\(secret)", "--dose"], "--dose is given no value"),
            (["journal", "list", secret], "nudge journal list takes no more words (1 given, not repeated here)"),
            (["journal", "reflect", "abcd1111", "--text", ""], "--text is empty"),
            (
                ["journal", "reflect", "abcd1111", "--text", "\(secret)\u{7}"],
                "--text contains a control character (U+0007)"
            ),
            (
                ["journal", "reflect", "abcd1111", "--text", String(repeating: "a", count: 20001)],
                "--text has 20001 characters"
            ),
            (["journal", "show", "abcd"], "'abcd' starts 2 session ids (abcd1111, abcd2222); give more of the id"),
            (["journal", "show", "ffff"], "no session has an id starting with 'ffff'"),
            (["journal", "show", "abc"], "'abc' is too short to name a session; give at least 4 characters"),
            (["journal", "show", "ab\tcd"], "the text given is not a session id"),
            (["journal", "edit", "abcd1111"], "give at least one field to change"),
            (["journal", "edit", "abcd1111", "--type", "tea"], "--type is not accepted"),
            (["journal", "delete", "abcd1111"], "needs --yes when nudge cannot ask on a terminal"),
            (
                ["journal", "export", "--format", "pdf"],
                "--format 'pdf' is not accepted; give one of 'markdown' or 'json'"
            ),
            (["settings", "set", "journal.reflection_days", "7,1"], "journal.reflection_days"),
            (["settings", "set", "journal.reflection_days", "1,1"], "ascending, distinct, 1 to 365, at most 10"),
            (["settings", "set", "journal.reflection_days", "0,400"], "ascending, distinct"),
        ] as [([String], String)])
    func refusesBadInputChangesNothingAndNeverRepeatsTheText(arguments: [String], message: String) throws {
        try twoSessionsSharingAPrefix()
        let result = try InProcessNudge.expectRefusal(
            arguments, store: store, environment: environment, mentioning: message)
        #expect(
            !result.stderr.contains(Self.secret) && !result.stderr.contains("xxxxxxxxxx")
                && !result.stderr.contains("éééé"))
        for word in Self.secret.split(separator: " ") where word.count >= 5 {
            #expect(!result.stderr.contains(word), "repeats '\(word)': \(result.stderr)")
        }
    }

    @Test func aSessionIsAddedListedShownEditedReflectedOnAndDeleted() throws {
        #expect(
            nudge("journal", "list").stdout.hasPrefix(
                "No sessions in the journal yet. Add the first with: nudge journal add\n--type iv|im|oral|lozenge|at-home|clinic\n"
            ))
        let added = nudge(
            "journal", "add", "--type", "at-home", "--at", "2026-11-22T14:00", "--dose", "50 mg", "--intentions",
            "Be kind to myself.\nListen.",
            "--environment", "Living room, low light", "--music", "Jon Hopkins", "--mood-before", "4")
        #expect(
            added.status == 0 && added.stdout.hasPrefix("added the session of 14:00 today, 2026-11-22 14:00 CET (id "),
            "\(added)")
        let id = try #require(try StoreQuery.rows(store, "SELECT id FROM therapy_sessions").first?["id"])
        let listed = nudge("journal", "list").stdout
        #expect(
            listed.contains(String(id.prefix(8))) && listed.contains("at-home") && listed.contains("4 → -")
                && listed.contains("2026-11-22 14:00 CET"), "\(listed)")
        #expect(nudge("journal", "edit", String(id.prefix(5)), "--mood-after", "7").status == 0)
        #expect(
            nudge("journal", "reflect", String(id.prefix(8)), "--text", "The river.\n\tAgain.").stdout.hasPrefix(
                "added a reflection to the session of 14:00 today"))
        let shown = nudge("journal", "show", id).stdout
        for part in [
            "- Treatment: at-home", "- Mood: 4/10 before, 7/10 after", "- Dose: 50 mg", "Be kind to myself.\nListen.",
            "Living room, low light", "Jon Hopkins", "The river.\n\tAgain.",
        ] {
            #expect(shown.contains(part), "\(part) not in \(shown)")
        }
        let json = nudge("journal", "show", id, "--json").stdout
        #expect(
            json.contains("\"mood_after\" : 7") && json.contains("\"source\" : \"command\"")
                && json.contains("\"treatment_type\" : \"at-home\""), "\(json)")
        let listedJSON = nudge("journal", "list", "--json").stdout
        #expect(listedJSON.contains("\"reflections\" : 1") && !listedJSON.contains("Jon Hopkins"), "\(listedJSON)")
        #expect(
            nudge("journal", "delete", String(id.prefix(4)), "--yes").stdout.hasPrefix(
                "deleted the session of 14:00 today, 2026-11-22 14:00 CET and its 1 reflection"))
        #expect(
            try StoreQuery.rows(
                store,
                "SELECT (SELECT count(*) FROM therapy_sessions) AS s, (SELECT count(*) FROM therapy_reflections) AS r")
                == [["s": "0", "r": "0"]])
    }

    @Test func aFutureTimeIsAcceptedWithAWarning() {
        let added = nudge("journal", "add", "--type", "clinic", "--at", "2026-11-25T10:00")
        #expect(
            added.status == 0 && added.stderr.hasPrefix("nudge: warning: --at is in the future (2026-11-25 10:00 CET)"),
            "\(added)")
    }

    /// Another program that deletes a session (sqlite3, foreign keys off) takes its reflections too.
    @Test func reflectionsGoWithTheirSessionWhoeverDeletesIt() throws {
        try twoSessionsSharingAPrefix()
        #expect(nudge("journal", "reflect", "abcd1111", "--text", "one").status == 0)
        #expect(nudge("journal", "reflect", "abcd2222", "--text", "two").status == 0)
        try sqlite("DELETE FROM therapy_sessions WHERE id LIKE 'abcd1111%'")
        #expect(try StoreQuery.rows(store, "SELECT text FROM therapy_reflections") == [["text": "two"]])
    }

    /// Rows another program wrote: a time without seconds is read; one that cannot be read at
    /// all is still listed (last, saying so), shown, exported and deleted by its id. Both vanished.
    @Test func sessionsWithTimesNudgeDidNotWriteAreListedAndReachable() throws {
        try StoreQuery.create(store)
        try sqlite(
            """
            INSERT INTO therapy_sessions (id, started_at, treatment_type, created_at, updated_at) VALUES
                ('feed0001-0000-4000-8000-000000000001', '2026-11-20T10:00', 'oral', '2026-11-20T10:00', '2026-11-20T10:00'),
                ('feed0002-0000-4000-8000-000000000002', 'next tuesday', 'iv', 'x', 'x')
            """)
        let listed = nudge("journal", "list").stdout.split(separator: "\n").map(String.init)
        #expect(
            listed.count == 3 && listed[1].contains("feed0001") && listed[1].contains("2026-11-20 11:00 CET"),
            "\(listed)")
        #expect(listed[2].contains("feed0002") && listed[2].contains("unreadable: next tuesday"), "\(listed)")
        #expect(nudge("journal", "show", "feed0002").stdout.hasPrefix("# an unreadable time ('next tuesday')"))
        let json = nudge("journal", "list", "--json").stdout
        #expect(
            json.contains("\"started_at\" : null") && json.contains("\"started_at\" : \"2026-11-20T10:00:00Z\""),
            "\(json)")
        #expect(nudge("journal", "export").stdout.contains("## an unreadable time ('next tuesday')"))
        let deleted = nudge("journal", "delete", "feed0002", "--yes")
        #expect(
            deleted.stdout == "deleted the session of an unreadable time ('next tuesday') and its 0 reflections\n",
            "\(deleted)")
        #expect(try StoreQuery.rows(store, "SELECT id FROM therapy_sessions").count == 1)
    }

    /// Ids another program wrote can be named: one that is no UUID (`ext-1`), and two that differ
    /// only in case, each by itself whole or by a prefix in its own case.
    @Test func idsAnotherProgramWroteCanBeNamed() throws {
        try StoreQuery.create(store)
        try sqlite(
            """
            INSERT INTO therapy_sessions (id, started_at, treatment_type, created_at, updated_at) VALUES
                ('ext-1', '2026-11-20T09:00:00Z', 'iv', '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z'),
                ('Case-A', '2026-11-21T09:00:00Z', 'oral', '2026-11-21T09:00:00Z', '2026-11-21T09:00:00Z'),
                ('case-a', '2026-11-21T10:00:00Z', 'clinic', '2026-11-21T10:00:00Z', '2026-11-21T10:00:00Z')
            """)
        #expect(nudge("journal", "show", "ext-1").stdout.contains("- Treatment: iv"))
        #expect(nudge("journal", "show", "Case-A").stdout.contains("- Treatment: oral"))
        #expect(nudge("journal", "show", "case-a").stdout.contains("- Treatment: clinic"))
        #expect(nudge("journal", "show", "case").stdout.contains("- Treatment: clinic"))
        #expect(nudge("journal", "show", "CASE").stderr.contains("'CASE' starts 2 session ids (Case-A, case-a)"))
        #expect(nudge("journal", "delete", "ext-1", "--yes").status == 0)
    }

    /// A future --at is recorded as given, with the warning the help promises, on edit as on add.
    @Test func aFutureStartIsWarnedOfOnEditToo() throws {
        try twoSessionsSharingAPrefix()
        let edited = nudge("journal", "edit", "abcd1111", "--at", "2026-11-23T10:00")
        #expect(
            edited.status == 0 && edited.stderr.hasPrefix("nudge: warning: --at is in the future (10:00 tomorrow"),
            "\(edited)")
    }

    /// `ack ID write` does what the button does: the reflection is to be written now; off a
    /// terminal it says the command (it recorded "write" and did nothing more).
    @Test func ackWriteSaysWhatToRun() throws {
        try twoSessionsSharingAPrefix()
        try sqlite(
            """
            INSERT INTO reminder_deliveries (reminder_key, kind, due_at, shown_at, notification_id)
                VALUES ('journal:abcd1111-0000-4000-8000-000000000001:reflect:1', 'journal', '2026-11-21T09:00:00Z', '2026-11-21T09:00:00Z', 7)
            """)
        let id = try #require(try StoreQuery.rows(store, "SELECT id FROM reminder_deliveries").first?["id"])
        let acked = nudge("ack", id, "write")
        #expect(
            acked.status == 0 && acked.stdout.hasSuffix("\nto do it now: nudge journal reflect abcd1111\n"), "\(acked)")
    }

    /// A deleted session takes its unsaved reflection with it: nothing could reach the draft.
    @Test func aDeletedSessionTakesItsReflectionDraft() throws {
        try twoSessionsSharingAPrefix()
        let draft = store + ".drafts/reflection-abcd1111-0000-4000-8000-000000000001.txt"
        try FileManager.default.createDirectory(atPath: store + ".drafts", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: draft, contents: Data("# heading\n\(Self.secret)\n".utf8)))
        #expect(nudge("journal", "delete", "abcd1111", "--yes").status == 0)
        #expect(!FileManager.default.fileExists(atPath: draft))
    }

    /// The export, for a therapist: Markdown or JSON, into a file only its owner can read.
    @Test func theExportIsWrittenPrivately() throws {
        try twoSessionsSharingAPrefix()
        _ = nudge("journal", "reflect", "abcd2222", "--text", "A \"quote\", a comma\nand a line")
        let path = directory.file("journal.md")
        #expect(
            FileManager.default.createFile(
                atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644]))
        #expect(nudge("journal", "export", "--output", path).stdout == "exported 2 sessions to \(path) (mode 0600)\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let markdown = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            markdown.hasPrefix("# Therapy-session journal\n") && markdown.contains("## Saturday 2026-11-21 10:00 CET")
                && markdown.contains("A \"quote\", a comma\nand a line"), "\(markdown)")
        // Typed Markdown stays text in the file; on the terminal, `show` gives it as typed.
        #expect(nudge("journal", "reflect", "abcd1111", "--text", "# not a heading\n<i>felt</i> *light*").status == 0)
        #expect(nudge("journal", "export", "--output", path).status == 0)
        let escaped = try String(contentsOfFile: path, encoding: .utf8)
        #expect(escaped.contains("\\# not a heading\n\\<i\\>felt\\</i\\> \\*light\\*"), "\(escaped)")
        #expect(nudge("journal", "show", "abcd1111").stdout.contains("# not a heading\n<i>felt</i> *light*"))
        let jsonPath = directory.file("journal.json")
        #expect(nudge("journal", "export", "--format", "json", "--output", jsonPath).status == 0)
        let decoded =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: jsonPath))) as? [[String: Any]]
        #expect(
            decoded?.count == 2
                && (decoded?[0]["reflections"] as? [[String: Any]])?.first?["text"] as? String
                    == "A \"quote\", a comma\nand a line"
        )
    }

    /// An editor that writes and exits: the reflection is saved (source editor) from a file of
    /// mode 0600, which is then gone. One killed while writing: the text is kept, and the next
    /// reflect continues it.
    @Test func theEditorWritesAReflectionAndAKilledOneLosesNothing() throws {
        try twoSessionsSharingAPrefix()
        let modes = directory.file("modes")
        let writes = directory.file("writes.sh")
        try "#!/bin/sh\nstat -c %a \"$1\" >> \(modes)\nprintf 'The light through the window.\\n' >> \"$1\"\n".write(
            toFile: writes, atomically: true, encoding: .utf8)
        let dies = directory.file("dies.sh")
        try "#!/bin/sh\nprintf 'Half a thought' >> \"$1\"\nkill -9 $$\n".write(
            toFile: dies, atomically: true, encoding: .utf8)
        chmod(writes, 0o755)
        chmod(dies, 0o755)
        func reflect(editor: String) -> CommandResult {
            InProcessNudge.run(
                ["journal", "reflect", "abcd1111", "--store", store],
                environment: environment.merging(["EDITOR": editor, "VISUAL": ""]) { $1 })
        }
        let saved = reflect(editor: writes)
        #expect(saved.status == 0 && saved.stdout.hasPrefix("added a reflection to the session of "), "\(saved)")
        #expect(try String(contentsOfFile: modes, encoding: .utf8) == "600\n")
        #expect(
            try StoreQuery.rows(store, "SELECT text, source FROM therapy_reflections") == [
                ["text": "The light through the window.", "source": "editor"]
            ])
        #expect(
            !FileManager.default.fileExists(
                atPath: store + ".drafts/reflection-abcd1111-0000-4000-8000-000000000001.txt"))

        let killed = reflect(editor: dies)
        #expect(
            killed.status == 1
                && killed.stderr.contains("what you wrote is kept, and nudge journal reflect abcd1111 offers it again"),
            "\(killed)")
        #expect(try StoreQuery.rows(store, "SELECT count(*) AS n FROM therapy_reflections") == [["n": "1"]])
        let continued = reflect(editor: writes)
        #expect(
            continued.status == 0 && continued.stderr.contains("continuing the reflection started earlier"),
            "\(continued)")
        let texts = try StoreQuery.rows(store, "SELECT text FROM therapy_reflections ORDER BY rowid").compactMap {
            $0["text"]
        }
        #expect(texts.last == "Half a thoughtThe light through the window.", "\(texts)")
        #expect(
            InProcessNudge.run(
                ["journal", "reflect", "abcd1111", "--store", store],
                environment: environment.merging(["EDITOR": "", "VISUAL": ""]) { $1 }
            ).stderr
                .contains("neither VISUAL nor EDITOR is set"))

        // An editor that saves with CRLF line ends: the text is kept with newlines (it was refused).
        let crlf = directory.file("crlf.sh")
        try "#!/bin/sh\nprintf 'First line\\r\\nsecond line\\r\\n' >> \"$1\"\n".write(
            toFile: crlf, atomically: true, encoding: .utf8)
        chmod(crlf, 0o755)
        let windows = reflect(editor: crlf)
        #expect(windows.status == 0, "\(windows)")
        #expect(
            try StoreQuery.rows(store, "SELECT text FROM therapy_reflections ORDER BY rowid").last?["text"]
                == "First line\nsecond line")
    }
}
