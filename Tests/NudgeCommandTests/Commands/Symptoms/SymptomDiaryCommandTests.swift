import Foundation
import NudgeTestSupport
import Testing

/// `nudge symptoms` over days, `symptoms edit`, `symptoms delete` and `symptoms export`: what a
/// person keeping the diary for a doctor looks back on, corrects and hands over.
@Suite struct SymptomDiaryCommandTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// Four entries over three local days; the 23:30 UTC one is already the 22nd in Berlin, and its
    /// "headache" is written as the "Headache" logged first.
    func diary() throws {
        #expect(
            nudge(
                "log", "symptom", "Headache", "--severity", "3", "--at", "2026-11-20T21:00", "--notes",
                "after \"lunch\", again\nand at four"
            ).status == 0)
        #expect(nudge("log", "symptom", "Nausea", "--severity", "2", "--at", "2026-11-21T09:15").status == 0)
        #expect(nudge("log", "symptom", "headache", "--severity", "4", "--at", "2026-11-21T23:30:00Z").status == 0)
        #expect(
            nudge(
                "log", "symptom", "Fatigue", "--severity", "1", "--at", "19:00", "--notes", "slept badly; headache gone"
            ).status == 0)
    }

    func id(of name: String) throws -> String {
        try #require(try StoreQuery.rows(store, "SELECT id FROM symptom_entries WHERE name = '\(name)'").first?["id"])
    }

    @Test func listsDaysNewestFirstWithShortIds() throws {
        try diary()
        let listing = nudge("symptoms", "--days", "3")
        #expect(listing.status == 0)
        let lines = listing.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headings = lines.filter { !$0.hasPrefix("  ") && !$0.isEmpty }
        #expect(headings == ["Sunday 2026-11-22", "Saturday 2026-11-21", "Friday 2026-11-20"], "\(listing.stdout)")
        let fatigue = try id(of: "Fatigue")
        #expect(lines[2].hasPrefix("  \(fatigue.prefix(8).lowercased())  19:00  Fatigue "), "\(listing.stdout)")
        #expect(lines[3].contains("00:30  Headache  4"), "\(listing.stdout)")
        #expect(nudge("symptoms", "--days", "1").stdout.components(separatedBy: "Sunday").count == 2)
        #expect(!nudge("symptoms", "--from", "2026-11-21", "--to", "2026-11-21").stdout.contains("Headache"))
        #expect(nudge("symptoms", "--to", "2026-11-20").stdout.contains("after \"lunch\", again"))
        #expect(
            nudge("symptoms", "--date", "2026-11-19").stdout
                == "No symptoms logged on 2026-11-19. Log one with: nudge log symptom NAME\n--severity N\n",
            "wrapped at 80 columns, a pipe's width")
    }

    /// Filling in last week is normal: any past day is taken, in words too, and past 48 hours the
    /// confirmation names the day plainly. Now is Sunday 2026-11-22 20:00 in Berlin.
    @Test func anyPastDayIsTakenAndNamedPlainly() throws {
        let lastMonday = nudge("log", "symptom", "Fatigue", "--severity", "3", "--at", "monday 10:00")
        #expect(
            lastMonday.stdout == "logged Fatigue (3) for Monday 16 Nov, 10:00 (2026-11-16 10:00 CET)\n", "\(lastMonday)"
        )
        let weeksAgo = nudge("log", "symptom", "Nausea", "--severity", "2", "--at", "3 weeks ago")
        #expect(weeksAgo.stdout.hasPrefix("logged Nausea (2) for Sunday 1 Nov, 20:00 (2026-11-01 20:00 CET)"))
        let yesterday = nudge("log", "symptom", "Itch", "--severity", "1", "--at", "yesterday 22:10")
        #expect(yesterday.stdout == "logged Itch (1) at 22:10 yesterday, 2026-11-21 22:10 CET\n", "\(yesterday)")
        #expect(nudge("symptoms", "--date", "monday").stdout.contains("Fatigue"))
        #expect(nudge("symptoms", "--from", "sunday", "--to", "sunday").stdout.contains("Sunday 2026-11-22") == false)
        #expect(nudge("symptoms", "--from", "saturday").stdout.contains("Itch"))
    }

    /// "headache" after "Headache" is the same symptom: written as first spelled, and said so.
    @Test func searchesNamesAndNotesOfTheWholeDiaryWithoutRegardToCase() throws {
        try diary()
        let json = nudge("symptoms", "--search", "HEADACHE", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["Fatigue", "Headache", "Headache"], "\(json)")
        #expect(items.map { $0["date"] as? String } == ["2026-11-22", "2026-11-22", "2026-11-20"])
        #expect(items.last?["notes"] as? String == "after \"lunch\", again\nand at four")
        #expect(
            nudge("symptoms", "--search", "lunch", "--date", "today").stdout
                == "No symptom entries on 2026-11-22 mention 'lunch'.\n")
        let long = nudge("symptoms", "--search", String(repeating: "x", count: 100_000)).stdout
        #expect(
            long == "No symptom entries mention\n'\(String(repeating: "x", count: 59))…'.\n",
            "the search is not echoed whole")
    }

    @Test func editCorrectsAnEntryUnderTheRulesOfLog() throws {
        try diary()
        let nausea = try id(of: "Nausea")
        let edited = nudge(
            "symptoms", "edit", String(nausea.prefix(5)), "--name", " Dizziness ", "--severity", "5", "--notes",
            "on the stairs", "--at", "2026-11-21T10:00")
        #expect(edited.stdout == "corrected Dizziness (5) at 10:00 yesterday, 2026-11-21 10:00 CET\n", "\(edited)")
        let row = try StoreQuery.rows(
            store,
            "SELECT name, severity, logged_at, notes, created_at, updated_at FROM symptom_entries WHERE id = '\(nausea)'"
        )
        #expect(
            row == [
                [
                    "name": "Dizziness", "severity": "5", "logged_at": "2026-11-21T09:00:00Z", "notes": "on the stairs",
                    "created_at": "2026-11-22T19:00:00Z",
                    "updated_at": "2026-11-22T19:00:00Z",
                ]
            ])
        // The same again changes nothing, and says so.
        let again = nudge("symptoms", "edit", String(nausea.prefix(8)), "--severity", "5", "--notes", "on the stairs")
        #expect(
            again.stdout == "unchanged: Dizziness (5) at 10:00 yesterday, 2026-11-21 10:00 CET already\n", "\(again)")
        #expect(nudge("symptoms", "edit", String(nausea.prefix(8)), "--notes", "").status == 0)
        #expect(
            try StoreQuery.rows(store, "SELECT notes IS NULL AS cleared FROM symptom_entries WHERE id = '\(nausea)'")
                == [["cleared": "1"]])
        // Only the columns corrected are written: another writer's form of the time stays.
        #expect(
            try Subprocess.run(
                "/usr/bin/sqlite3",
                [store, "UPDATE symptom_entries SET logged_at = '2026-11-21T10:00:00+01:00' WHERE id = '\(nausea)'"]
            ).status == 0)
        #expect(
            nudge("symptoms", "edit", String(nausea.prefix(8)), "--severity", "1").stdout
                == "corrected Dizziness (1) at 10:00 yesterday, 2026-11-21 10:00 CET\n")
        #expect(
            try StoreQuery.rows(store, "SELECT logged_at, severity FROM symptom_entries WHERE id = '\(nausea)'") == [
                ["logged_at": "2026-11-21T10:00:00+01:00", "severity": "1"]
            ])
    }

    @Test func deleteRemovesOneEntry() throws {
        try diary()
        let fatigue = try id(of: "Fatigue")
        let deleted = nudge("symptoms", "delete", fatigue.lowercased(), "--yes")
        #expect(deleted.stdout == "deleted Fatigue (1) at 19:00 today, 2026-11-22 19:00 CET\n", "\(deleted)")
        #expect(
            try StoreQuery.rows(store, "SELECT name FROM symptom_entries ORDER BY logged_at").map { $0["name"] } == [
                "Headache", "Nausea", "Headache",
            ])
    }

    @Test(arguments: [
        (
            ["symptoms", "edit", "abc", "--severity", "2"],
            "'abc' is too short to name a symptom entry; give at least 4 characters"
        ),
        (["symptoms", "edit", "a\u{1B}bc", "--severity", "2"], "is not a symptom entry id"),
        (["symptoms", "edit", "ffff", "--severity", "2"], "no symptom entry has an id starting with 'ffff'"),
        (
            ["symptoms", "delete", "abcd", "--yes"],
            "'abcd' starts 2 symptom entry ids (ABCD1111, ABCD2222); give more of the id"
        ),
        (["symptoms", "delete", "abcd1111"], "needs --yes when nudge cannot ask on a terminal"),
        (["symptoms", "edit", "abcd1111"], "nothing to change; give --name, --severity, --notes or --at"),
        (["symptoms", "edit", "abcd1111", "--severity", "6"], "severity 6 is out of range"),
        (["symptoms", "edit", "abcd1111", "--severity", "x"], "is not a whole number; give one from 1 to 5"),
        (["symptoms", "edit", "abcd1111", "--name", "  "], "the symptom name is empty"),
        (["symptoms", "edit", "abcd1111", "--notes", "a\u{1B}[2J"], "--notes contains an escape character"),
        (["symptoms", "edit", "abcd1111", "--at", "funday 20:00"], "--at 'funday 20:00' is not a time"),
        (["symptoms", "edit", "abcd1111", "--at", "2026-11-22T21:00"], "is in the future"),
        (["symptoms", "--from", "2026-11-22", "--to", "2026-11-21"], "--from 2026-11-22 is after --to 2026-11-21"),
        (["symptoms", "--date", "today", "--days", "2"], "give one of --date, --from/--to and --days, not several"),
        (["symptoms", "--days", "0"], "--days 0 is out of range"),
        (["symptoms", "--date", "2026-02-30"], "--date '2026-02-30' is not a day"),
        (["symptoms", "--search", ""], "--search is empty"),
        (
            ["symptoms", "export", "--from", "2026-11-22", "--to", "2026-11-01"],
            "--from 2026-11-22 is after --to 2026-11-01"
        ),
        (
            ["symptoms", "export", "--format", "pdf"],
            "--format 'pdf' is not accepted; give one of 'csv', 'markdown' or 'html'"
        ),
    ])
    func refusalsChangeNothing(arguments: [String], message: String) throws {
        try diary()
        let sqlite = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                """
                UPDATE symptom_entries SET id = 'ABCD1111-0000-4000-8000-000000000001' WHERE name = 'Nausea';
                UPDATE symptom_entries SET id = 'ABCD2222-0000-4000-8000-000000000002' WHERE name = 'Fatigue';
                """,
            ])
        #expect(sqlite.status == 0, "\(sqlite)")
        try InProcessNudge.expectRefusal(arguments, store: store, environment: environment, mentioning: message)
    }

    /// What a person typed stays text in an export: a cell a spreadsheet would run as a
    /// formula starts with ' in CSV (OWASP); headings, fences, lists and HTML in Markdown are
    /// escaped. The listing on a terminal shows it as typed.
    @Test func exportsKeepTypedTextInert() throws {
        let note = "=HYPERLINK(\"http://x\")\n# big\n```\n<b>hi</b>\n- item\n1. first"
        #expect(nudge("log", "symptom", "@home pain", "--severity", "2", "--at", "19:00", "--notes", note).status == 0)
        let csv = nudge("symptoms", "export", "--format", "csv").stdout
        #expect(csv.contains(",'@home pain,2,\"'=HYPERLINK(\"\"http://x\"\")\n# big"), "\(csv)")
        let markdown = nudge("symptoms", "export", "--format", "markdown").stdout
        for escaped in [
            "**@home pain**", "  \\# big", "  \\`\\`\\`", "  \\<b\\>hi\\</b\\>", "  \\- item", "  1\\. first",
        ] {
            #expect(markdown.contains(escaped), "\(escaped) in \(markdown)")
        }
        #expect(!markdown.contains("\n  # big") && !markdown.contains("'="), "\(markdown)")
        #expect(nudge("symptoms").stdout.contains("=HYPERLINK(\"http://x\")"))
    }

    /// Columns line up under names of wide characters: padding counts terminal columns.
    @Test func columnsAlignUnderWideCharacters() throws {
        #expect(nudge("log", "symptom", "頭痛", "--severity", "3", "--at", "19:00").status == 0)
        #expect(nudge("log", "symptom", "Headache", "--severity", "2", "--at", "19:30").status == 0)
        #expect(nudge("log", "symptom", "🤕", "--severity", "4", "--at", "19:45").status == 0)
        let lines = nudge("symptoms").stdout.split(separator: "\n").filter { $0.contains("19:") }
        // The terminal column of the severity, each line's last character: CJK and emoji take two.
        let columns = lines.map { line in
            line.dropLast().reduce(0) { width, character in
                width + (character.unicodeScalars.first!.value >= 0x1100 ? 2 : 1)
            }
        }
        #expect(lines.count == 3 && Set(columns).count == 1, "\(lines) \(columns)")
    }

    @Test func theCSVReadsBackWithCommasQuotesAndNewlines() throws {
        try diary()
        let awkward = "one, two\n\"three\"\r\nfour,\"\""
        #expect(
            nudge(
                "log", "symptom", "Rash, left arm", "--severity", "2", "--at", "19:30", "--notes",
                awkward.replacingOccurrences(of: "\r", with: "")
            ).status == 0)
        let file = directory.file("diary.csv")
        let exported = nudge("symptoms", "export", "--from", "2026-11-21", "--to", "today", "--output", file)
        #expect(exported.stdout == "exported 4 entries to \(file) (csv, mode 0600)\n", "\(exported)")
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        let parsed = try Subprocess.run(
            "/usr/bin/python3",
            [
                "-c",
                "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='', encoding='utf-8')))))",
                file,
            ])
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [[String]], "\(parsed)")
        #expect(
            rows == [
                ["date", "time", "name", "severity", "notes"],
                ["2026-11-21", "09:15", "Nausea", "2", ""],
                ["2026-11-22", "00:30", "Headache", "4", ""],
                ["2026-11-22", "19:00", "Fatigue", "1", "slept badly; headache gone"],
                ["2026-11-22", "19:30", "Rash, left arm", "2", "one, two\n\"three\"\nfour,\"\""],
            ], "\(rows)")
    }

    @Test func escapeSequencesAnotherProgramStoredNeverReachTheTerminal() throws {
        try diary()
        let sqlite = try Subprocess.run(
            "/usr/bin/sqlite3",
            [
                store,
                "UPDATE symptom_entries SET name = 'Nau' || char(27) || '[2Jsea', notes = 'a' || char(27) || ']0;title' || char(7) || char(10) || 'b' WHERE name = 'Nausea'",
            ])
        #expect(sqlite.status == 0, "\(sqlite)")
        for arguments in [
            ["symptoms", "--days", "7"], ["symptoms", "export"], ["symptoms", "export", "--format", "csv"],
            ["symptoms", "--search", "nau"],
        ] {
            let result = InProcessNudge.run(arguments + ["--store", store], environment: environment)
            #expect(
                result.status == 0 && !result.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" },
                "\(arguments): \(result)")
            #expect(result.stdout.contains("\u{FFFD}"), "\(arguments): \(result)")
        }
    }

    @Test func theMarkdownHasASummaryAndASectionPerDay() throws {
        try diary()
        let markdown = nudge("symptoms", "export", "--format", "markdown").stdout
        #expect(markdown.hasPrefix("# Symptom diary\n\n2026-11-20 to 2026-11-22: 4 entries on 3 days."), "\(markdown)")
        #expect(
            markdown.contains("| Headache | 2 | 3.5 |\n| Fatigue | 1 | 1.0 |\n| Nausea | 1 | 2.0 |\n"), "\(markdown)")
        let days = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") && $0 != "## Summary" }
        #expect(days == ["## Friday 2026-11-20", "## Saturday 2026-11-21", "## Sunday 2026-11-22"])
        #expect(
            markdown.contains("- 21:00 **Headache**, severity 3\n  after \"lunch\", again\n  and at four\n"),
            "\(markdown)")
        let file = directory.file("diary.CSV")
        #expect(nudge("symptoms", "export", "--output", file).status == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("date,time,name,severity,notes\r\n"))
    }
}
