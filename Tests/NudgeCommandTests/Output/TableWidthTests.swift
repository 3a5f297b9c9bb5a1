import Foundation
import NudgeCommands
import NudgeTestSupport
import Testing

@testable import nudge

/// Tables fit the terminal: free text (names, titles, notes, what a key accepts) gives way to
/// COLUMNS, cut with `…`; a number or a time never is; internal keys only with --verbose.
@Suite struct TableWidthTests: CommandScenario {
    let directory = TemporaryDirectory()

    func at(_ width: Int, _ arguments: String...) -> [String] { at(width, arguments) }

    /// COLUMNS under 20 is taken as 20, not ignored for 80.
    @Test(arguments: [("10", 20), ("1", 20), ("20", 20), ("33", 33)])
    func columnsUnderTwentyAreTwenty(columns: String, width: Int) {
        let environment = CommandEnvironment(variables: ["COLUMNS": columns], output: { _ in }, errors: { _ in })
        #expect(environment.width == width)
    }

    func at(_ width: Int, _ arguments: [String]) -> [String] {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: environment.merging(["COLUMNS": "\(width)"]) { $1 })
        #expect(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// The columns a terminal gives `line`: two for an East Asian wide character.
    static func columns(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { total, scalar in
            let wide = [0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60]
                .contains { $0.contains(Int(scalar.value)) }
            return total + (wide ? 2 : 1)
        }
    }

    func seed() throws {
        #expect(
            nudge("contacts", "add", "Maximiliane Alexandra von Hohenzollern-Sigmaringen", "--every", "7").status == 0)
        #expect(
            nudge(
                "call", "log", "Maximiliane Alexandra von Hohenzollern-Sigmaringen", "--at", "10:00", "--duration",
                "25", "--notes",
                String(repeating: "talked about the garden and the new job and the trip; ", count: 4)
            ).status == 0)
        #expect(
            nudge(
                "log", "symptom", "Extremely long symptom name that someone typed in full one evening",
                "--severity", "3", "--notes", String(repeating: "何度も繰り返す長いメモ ", count: 8)
            ).status == 0)
        #expect(nudge("backup").status == 0)
        let long = String(repeating: "A reminder with a long title, ", count: 4)
        try StoreQuery.create(store)
        #expect(
            try Subprocess.run(
                "/usr/bin/sqlite3",
                [
                    store,
                    """
                    INSERT INTO reminder_deliveries (reminder_key, kind, due_at, shown_at, notification_id, title, body)
                        VALUES ('symptom:2026-11-21', 'symptom', '2026-11-21T19:00:00Z', '2026-11-21T19:00:01Z', 4, '\(long)', 'b');
                    INSERT INTO reminder_deliveries (reminder_key, kind, due_at, shown_at, title)
                        VALUES ('meditation:S1:bell:1', 'meditation', '2026-11-21T20:00:00Z', '2026-11-21T20:00:00Z', 'Interval bell');
                    INSERT INTO reminder_deliveries (reminder_key, kind, due_at, missed_at)
                        VALUES ('call:1:2026-11-20', 'call', '2026-11-20T13:00:00Z', '2026-11-20T18:00:00Z');
                    """,
                ]
            ).status == 0)
    }

    @Test(arguments: [60, 80, 120])
    func everyLineFitsAndNoTimeIsCut(width: Int) throws {
        try seed()
        let commands = [
            ["settings"], ["upcoming"], ["symptoms"], ["contacts", "list"], ["history", "--since", "2026-11-19"],
            ["call", "history"], ["backups"],
        ]
        for command in commands {
            let lines = InProcessNudge.run(
                command + ["--store", store], environment: environment.merging(["COLUMNS": "\(width)"]) { $1 }
            ).stdout.split(separator: "\n").map(String.init)
            #expect(!lines.isEmpty)
            for line in lines {
                #expect(Self.columns(line) <= width, "\(command) at \(width): \(line)")
            }
        }
        let upcoming = at(width, "upcoming")
        #expect(upcoming.dropFirst().allSatisfy { $0.hasPrefix("2026-1") && $0.contains(" CET  ") }, "\(upcoming)")
        #expect(!upcoming.joined().contains("symptom:2026"), "the key only with --verbose")
        #expect(at(width, "history").contains { $0.contains("2026-11-21 20:00 CET") }, "a due time whole")
        // Past what cutting names can do, a row folds: its last columns on lines of their own.
        let calls = at(width, "call", "history").joined(separator: "\n")
        // Its minutes whole, at the line's end where no mood follows.
        #expect(
            calls.split(separator: "\n").contains {
                $0.hasSuffix("2026-11-22 10:00 CET  25") || $0.contains("2026-11-22 10:00 CET  25 ")
            }, "\(calls)")
        // A contact's name is never cut: the row folds around it (ContactNameWidthTests).
        let contacts = at(width, "contacts", "list").joined(separator: "\n")
        #expect(
            contacts.contains("Maximiliane Alexandra von Hohenzollern-Sigmaringen")
                && contacts.contains("7 days  2026-11-22 10:00") && contacts.contains("  2026-11-29 09:00"),
            "\(contacts)")
        #expect(at(width, "history", "--since", "2026-11-19").contains { $0.contains("2026-11-21 21:00 CET") })
    }

    /// What an empty listing says is prose, wrapped at 60 and 80 columns and at 80 for a pipe
    /// (no COLUMNS), whole words kept.
    @Test(arguments: ["60", "80", ""])
    func theSentenceOfAnEmptyListFitsTheWidth(columns: String) throws {
        try StoreQuery.create(store)
        let width = Int(columns) ?? 80
        for command in [
            ["journal", "list"], ["meditations"], ["backups"], ["contacts", "list"], ["call", "reminders"],
            ["symptoms"],
        ] {
            let listed = InProcessNudge.run(
                command + ["--store", store], environment: environment.merging(["COLUMNS": columns]) { $1 })
            #expect(listed.status == 0, "\(listed)")
            let lines = listed.stdout.split(separator: "\n").map(String.init)
            #expect(lines.allSatisfy { Self.columns($0) <= width }, "\(command) at \(width): \(lines)")
            #expect(
                lines.joined(separator: " ").hasPrefix("No ") && lines.joined(separator: " ").contains(" with: nudge "),
                "\(command): \(lines)")
        }
        let journal = at(60, "journal", "list").joined(separator: " ")
        #expect(journal.hasSuffix("nudge journal add --type iv|im|oral|lozenge|at-home|clinic"), "\(journal)")
    }

    @Test func narrowTablesCutFreeTextAndSayItWasCut() throws {
        try seed()
        let calls = at(80, "call", "history")
        #expect(calls[1].hasSuffix("…") && calls[1].contains("Maximiliane"), "\(calls)")
        let settings = at(60, "settings")
        #expect(settings.contains("symptom.reminder_time = 20:00"))
        #expect(settings.contains("    default 20:00; accepts a local time such as 20:00, 8pm"))
        #expect(at(200, "settings")[0].hasPrefix("KEY "), "a table where it fits")
    }

    /// A note of several lines shows its first, and "…" to say it goes on, at every width.
    @Test(arguments: [60, 80, 120])
    func aNoteOfSeveralLinesShowsItsFirstAndThatItGoesOn(width: Int) {
        #expect(nudge("contacts", "add", "Sam", "--every", "7").status == 0)
        for command in [
            ["log", "symptom", "Cramp", "--severity", "2", "--notes", "Ibuprofen\nslept after"],
            ["call", "log", "Sam", "--duration", "5", "--notes", "\nIbuprofen \n\n asked about it"],
            ["call", "remind", "Sam", "--in", "2", "--note", "Ibuprofen\nbirthday"],
        ] {
            #expect(nudge(command).status == 0, "\(command)")
        }
        for listing in [["symptoms"], ["call", "history"], ["call", "reminders"]] {
            // At the end of its row's line, or of a line of its own where the row folds.
            let lines = at(width, listing)
            #expect(lines.contains { $0.hasSuffix("  Ibuprofen…") }, "\(listing) at \(width): \(lines)")
        }
        #expect(nudge("log", "symptom", "Itch", "--severity", "1", "--notes", "Ibuprofen\n\n").status == 0)
        #expect(at(width, ["symptoms"]).contains { $0.hasSuffix("  Ibuprofen") }, "nothing more to mark")
    }

    @Test func historySaysWhatItWasAndThatABellRang() throws {
        try seed()
        let history = at(200, "history", "--since", "2026-11-19")
        #expect(history.contains { $0.contains("rang") && $0.hasSuffix("Interval bell") }, "\(history)")
        #expect(history.contains { $0.contains("missed") && $0.hasSuffix("call reminder") }, "\(history)")
        #expect(!history.joined().contains("call:1:2026-11-20"))
        #expect(at(200, "history", "--since", "2026-11-19", "--verbose").joined().contains("call:1:2026-11-20"))
        #expect(at(200, "upcoming", "--verbose").joined().contains("symptom:2026-11-22"))
    }
}

extension TableWidthTests {
    /// At 40 columns `meditations` and `settings` fit (issue 40: session rows of 60 columns,
    /// settings lines of 42 and 43): a session's outcome goes under its time, a day's line and
    /// the totals wrap with each number kept with its unit, and a long key's value goes under
    /// it; nothing is cut, and at 80 the lines are as they were.
    @Test func meditationsAndSettingsFitAtForty() throws {
        #expect(nudge("meditations", "add", "--at", "2026-11-21 07:00", "--minutes", "20").status == 0)
        let meditations = at(40, "meditations")
        #expect(meditations.allSatisfy { Self.columns($0) <= 40 }, "\(meditations)")
        #expect(meditations[0] == "2026-11-21 (Saturday):", "\(meditations)")
        #expect(meditations[1] == "           20 minutes in 1 session", "\(meditations)")
        #expect(meditations[2].hasPrefix("  07:00  20 minutes  ") && meditations[2].count == 29, "\(meditations)")
        #expect(meditations[3] == "         completed, entered afterwards", "\(meditations)")
        #expect(
            Array(meditations[4...]) == [
                "1 session, 20 minutes; average", "  20 minutes, longest 20 minutes",
                "streak: 1 day now, longest 1 day",
            ], "\(meditations)")
        #expect(at(80, "meditations")[1].hasPrefix("  07:00  20 minutes  completed, entered afterwards  "))
        let settings = at(40, "settings")
        #expect(settings.allSatisfy { Self.columns($0) <= 40 }, "\(settings)")
        let bell = try #require(settings.firstIndex(of: "meditation.start_bell"), "\(settings)")
        #expect(settings[bell + 1] == "  = message-new-instant", "\(settings)")
        #expect(settings.contains("dose.during_do_not_disturb") && settings.contains("  = break-through"))
        #expect(settings.contains("symptom.reminder_time = 20:00"), "a line that fits stays one")
    }

    /// At 20 columns, the least a width is read as, `settings` is never wider (issue 40 L4: its
    /// accepted values wrapped at 24, its keys 29 wide): a key wider than the line broken after a
    /// `.` or `_`, as `--help` breaks one, and every value and sentence wrapped at 16 under it.
    @Test(arguments: [20, 24])
    func settingsFitAtTwenty(width: Int) throws {
        let settings = at(width, "settings")
        #expect(settings.count > 40 && settings.allSatisfy { Self.columns($0) <= width }, "\(settings)")
        let joined = settings.joined(separator: "\n")
        #expect(joined.contains("symptom.during_do_\nnot_disturb\n") || width > 20, "\(settings)")
        #expect(joined.contains("message-new-instant") || width == 20, "a word that fits stays whole")
    }
}
