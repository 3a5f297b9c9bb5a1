import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A row another program wrote in a form nudge cannot read is left out of a listing and named
/// after it, on one line of standard error: by table and id, never with a value.
@Suite struct UnreadableRowNoteTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aListingNamesTheRowItLeftOut() throws {
        #expect(nudge("meditations", "add", "--at", "2026-11-22T08:00", "--minutes", "20").status == 0)
        #expect(nudge("meditations", "add", "--at", "2026-11-21T08:00", "--minutes", "15").status == 0)
        let readable = nudge("meditations")
        #expect(readable.status == 0 && readable.stderr.isEmpty, "\(readable)")
        let database = try DatabaseQueue(path: store)
        let unreadable = try database.write { db in
            try db.execute(
                sql: "UPDATE meditation_sessions SET utc_offset_minutes = '+01:00 private' WHERE started_at < ?",
                arguments: ["2026-11-22"])
            return try String.fetchOne(
                db, sql: "SELECT id FROM meditation_sessions WHERE started_at < ?", arguments: ["2026-11-22"]) ?? ""
        }
        try database.close()
        let listed = nudge("meditations")
        #expect(listed.status == 0 && listed.stdout.contains("20 minutes in 1 session"), "\(listed)")
        #expect(
            listed.stderr
                == "nudge: a row another program wrote cannot be read and is left out (meditation_sessions id \(unreadable)); the program that wrote it can correct it\n",
            "\(listed)")
        #expect(!listed.stderr.contains("private"))
    }
}

/// A diary entry whose time is no time is named after a listing and an export, and shown by
/// `symptoms edit` as unreadable, never as a time in 1969 or 1970.
@Suite struct UnreadableSymptomTimeTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// Logs two entries and spoils the second's time; its id.
    private func spoiledEntry() throws -> String {
        #expect(nudge("log", "symptom", "Headache", "--severity", "2").status == 0)
        #expect(nudge("log", "symptom", "Nausea", "--severity", "3").status == 0)
        let database = try DatabaseQueue(path: store)
        defer { try? database.close() }
        return try database.write { db in
            try db.execute(sql: "UPDATE symptom_entries SET logged_at = 'not a time' WHERE name = 'Nausea'")
            return try String.fetchOne(db, sql: "SELECT id FROM symptom_entries WHERE name = 'Nausea'") ?? ""
        }
    }

    @Test(arguments: [["symptoms"], ["symptoms", "--search", "a"], ["symptoms", "export", "--format", "csv"]])
    func aListingAndAnExportNameTheEntryTheyLeftOut(arguments: [String]) throws {
        let id = try spoiledEntry()
        let listed = nudge(arguments)
        #expect(listed.status == 0 && listed.stdout.contains("Headache") && !listed.stdout.contains("Nausea"))
        #expect(
            listed.stderr
                == "nudge: a row another program wrote cannot be read and is left out (symptom_entries id \(id)); the program that wrote it can correct it\n",
            "\(listed)")
    }

    @Test func editingItSaysTheTimeCannotBeRead() throws {
        let id = try spoiledEntry()
        let edited = nudge("symptoms", "edit", String(id.prefix(8)), "--severity", "4")
        #expect(
            edited.stdout
                == "corrected Nausea (4) at a time that cannot be read (another program wrote it; --at sets one)\n",
            "\(edited)")
        #expect(edited.status == 0 && !edited.stdout.contains("1970") && !edited.stdout.contains("1969"))
    }
}

/// `nudge settings` shows a row another program wrote wrong as unreadable, with what nudge
/// uses instead and the fix, and never its value.
@Suite struct UnreadableSettingTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: ["80", "200"])
    func settingsShowsTheRowAsUnreadableWithItsFix(columns: String) throws {
        try StoreQuery.create(store)
        let database = try DatabaseQueue(path: store)
        try database.write { db in
            try db.execute(
                sql:
                    "INSERT INTO settings (key, value, updated_at) VALUES ('symptom.snooze_minutes', x'00ff', '2026-11-22T11:50:00Z')"
            )
        }
        try database.close()
        let listed = InProcessNudge.run(
            ["settings", "--store", store], environment: environment.merging(["COLUMNS": columns]) { $1 })
        #expect(listed.status == 0, "\(listed)")
        let row = listed.stdout.split(separator: "\n").first { $0.contains("symptom.snooze_minutes") } ?? ""
        #expect(row.contains("60 (stored value unreadable)"), "\(listed)")
        let note = listed.stdout.components(separatedBy: "\n\n").last?.replacingOccurrences(of: "\n", with: " ")
        #expect(
            note
                == "the settings row symptom.snooze_minutes cannot be read: its value is not a whole number from 5 to 240; nudge uses 60 instead; fix it with: nudge settings reset symptom.snooze_minutes ",
            "\(listed)")
        // The default `get` prints is said to be one, on standard error: stdout stays the value alone.
        let got = nudge("settings", "get", "symptom.snooze_minutes")
        #expect(got.status == 0 && got.stdout == "60\n", "\(got)")
        #expect(
            got.stderr
                == "nudge: the settings row symptom.snooze_minutes cannot be read: its value is not a whole number from 5 to 240; nudge uses 60 instead; fix it with: nudge settings reset symptom.snooze_minutes\n",
            "\(got)")
        #expect(nudge("settings", "get", "symptom.reminder_time").stderr.isEmpty)
    }
}
