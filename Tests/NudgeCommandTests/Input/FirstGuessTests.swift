import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A newcomer's first guesses get the whole line nudge takes, never a raw parser message or a
/// suggestion refused in turn: each offered line, copied, runs.
@Suite struct FirstGuessTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// What was typed, and the line meant (the harness's store stays in it, at the end).
    @Test(arguments: [
        (["symptoms", "add", "headache", "--severity", "2"], ["log", "symptom", "headache", "--severity", "2"]),
        (["symptoms", "add", "headache", "2"], ["log", "symptom", "headache", "--severity", "2"]),
        (["symptom", "log", "headache", "--severity", "2"], ["log", "symptom", "headache", "--severity", "2"]),
        (["symptoms", "log", "headache", "--severity=2"], ["log", "symptom", "headache", "--severity=2"]),
        (["symptoms", "add", "joint", "pain", "3"], ["log", "symptom", "joint pain", "--severity", "3"]),
        (["contacts", "rename", "Mom", "Mother"], ["contacts", "edit", "Mom", "--name", "Mother"]),
        (["symptom", "headache", "--severity", "2"], ["log", "symptom", "headache", "--severity", "2"]),
        (["symptom", "headache", "2"], ["log", "symptom", "headache", "--severity", "2"]),
        (["symptom", "joint", "pain", "3"], ["log", "symptom", "joint pain", "--severity", "3"]),
        (["symptoms", "joint", "pain", "3"], ["log", "symptom", "joint pain", "--severity", "3"]),
        (
            ["symptom", "headache", "--severity", "2", "--at", "today", "9:00"],
            ["log", "symptom", "headache", "--severity", "2", "--at", "today 9:00"]
        ),
        (
            ["settings", "symptom.reminder_time", "21:00"],
            ["settings", "set", "symptom.reminder_time", "21:00"]
        ),
        (["settings", "symptom.reminder_time"], ["settings", "get", "symptom.reminder_time"]),
        (["settings", "symptom.remindertime", "8pm"], ["settings", "set", "symptom.reminder_time", "8pm"]),
        (["settings", "unset", "symptom.reminder_time"], ["settings", "reset", "symptom.reminder_time"]),
        (["settings", "delete", "symptom.reminder_time"], ["settings", "reset", "symptom.reminder_time"]),
        (["settings", "remove", "symptom.reminder_time"], ["settings", "reset", "symptom.reminder_time"]),
        (
            ["settings", "edit", "symptom.reminder_time", "21:00"],
            ["settings", "set", "symptom.reminder_time", "21:00"]
        ),
        (["dose", "1", "19:30"], ["dose", "1", "--at", "19:30"]),
        (
            ["meditations", "add", "yesterday", "9:00", "20"],
            ["meditations", "add", "--at", "yesterday 9:00", "--minutes", "20"]
        ),
    ])
    func aFirstGuessGetsTheLineTaken(typed: [String], meant: [String]) throws {
        try StoreQuery.create(store)
        #expect(nudge("contacts", "add", "Mom").status == 0)
        let result = try InProcessNudge.expectRefusal(
            typed, store: store, environment: environment, mentioning: "did you mean: nudge ")
        let line = String(try #require(result.stderr.split(separator: "did you mean: ").last).dropLast())
        #expect(try WholeLineSuggestionTests.shellWords([line]) == [["nudge"] + meant + ["--store", store]], "\(line)")
        let run = nudge(meant)
        #expect(run.status == 0, "\(meant): \(run)")
    }

    /// Without a severity no line is made up: the person's own severity goes where N is, and
    /// the refusal says so in words.
    @Test func aSymptomWithoutItsSeverityIsShownWhereItGoes() throws {
        // `symptoms headache` (issue 40, ninth round): the parser's "Unexpected argument" before.
        for typed in [["symptoms", "add", "headache"], ["symptom", "headache"], ["symptoms", "headache"]] {
            try expectRefusal(
                typed,
                mentioning:
                    "; a symptom is logged with its severity: nudge log symptom headache --severity N --store \(store), with the severity, 1 to 5, in place of N\n"
            )
        }
        // The line offered, with a severity in place of N, logs it.
        let line = try WholeLineSuggestionTests.shellWords(["log symptom headache --severity 3 --store \(store)"])
        let run = InProcessNudge.run(try #require(line.first), environment: environment)
        #expect(run.status == 0 && run.stdout.hasPrefix("logged headache (3)"), "\(run)")
        // A day is no symptom's name: `symptoms today` is not offered as one.
        let today = nudge("symptoms", "today")
        #expect(today.status == 64 && !today.stderr.contains("log symptom today"), "\(today)")
    }

    /// A value the key does not take gets the line with VALUE in its place, not one refused
    /// when typed back, and not the value (a command's may hold a token).
    @Test func aSettingsValueTheKeyDoesNotTakeIsNotOffered() throws {
        try expectRefusal(
            ["settings", "symptom.reminder_time", "25:00"],
            mentioning:
                "nudge: nudge settings has no command 'symptom.reminder_time'; a setting is changed with: nudge settings set symptom.reminder_time VALUE\n"
        )
    }

    /// A key several keys end with is not picked for the person: each is named, with the line
    /// it goes in.
    @Test func aKeySeveralKindsHaveNamesThemAll() throws {
        try expectRefusal(
            ["settings", "reminder_time", "21:00"],
            mentioning:
                "nudge: nudge settings has no command 'reminder_time'; a setting is changed with: nudge settings set KEY 21:00 --store \(store), with symptom.reminder_time, call.reminder_time or meditation.reminder_time as KEY\n"
        )
        #expect(nudge("settings", "set", "call.reminder_time", "21:00").status == 0)
    }

    /// `symptoms`' own commands typed after `symptom` are those commands, never a symptom's name.
    @Test func aSymptomsCommandIsNoSymptomsName() throws {
        try expectRefusal(["symptom", "list"], mentioning: "did you mean: nudge symptoms list --store")
    }

    /// Without its length, a session recorded by hand is shown where the length goes.
    @Test func aSessionWithoutItsLengthIsShownWhereItGoes() throws {
        try expectRefusal(
            ["meditations", "add", "yesterday", "9:00"],
            mentioning:
                "nudge: nudge meditations add takes its time as --at and its length as --minutes; give its length: nudge meditations add --at 'yesterday 9:00' --minutes N --store \(store), with the minutes in place of N\n"
        )
    }

    /// A rename of a contact that is not there offers no line that would be refused.
    @Test func aRenameOfNoContactOffersNoLine() throws {
        try expectRefusal(
            ["contacts", "rename", "Nobody", "Mother"],
            mentioning:
                "nudge: nudge contacts has no command 'rename'; a contact is renamed with: nudge contacts edit CONTACT --name NAME (no contact matches 'Nobody')\n"
        )
    }

    /// `nudge ack 3` lists the answers delivery 3 takes now, as a wrong answer does, and
    /// offers no line: a copied answer would be recorded.
    @Test func anAckWithoutItsAnswerListsTheAnswers() throws {
        try StoreQuery.create(store)
        #expect(nudge("dose", "1", "--at", "17:00").status == 0)
        let database = try DatabaseQueue(path: store)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title)
                    SELECT 3, 'dose2:' || session_id || ':alarm:0', 'dose2', '2026-11-22T18:45:00Z',
                        '2026-11-22T18:45:00Z', 'Time for dose 2' FROM dose_events LIMIT 1
                    """)
        }
        try database.close()
        try InProcessNudge.expectRefusal(
            ["ack", "3"], store: store, environment: environment,
            mentioning:
                "nudge: nudge ack takes the answer after the id; give the answer: Take dose 2 (take), Skip dose 2 (skip) or Snooze 10 min (snooze) (nudge ack ID ANSWER)\n"
        )
        try InProcessNudge.expectRefusal(
            ["ack", "9"], store: store, environment: environment,
            mentioning: "nudge: there is no delivery 9; ")
    }

    /// A leading global option's typo gets `--store`, where the line puts it.
    @Test func aLeadingStoreTypoGetsTheStore() throws {
        try StoreQuery.create(store)
        let typed = ["--stor", store, "contacts", "list"]
        let result = InProcessNudge.run(typed, environment: environment)
        #expect(result.status == 64)
        #expect(
            result.stderr
                == "nudge: nudge takes no option '--stor'; did you mean: nudge --store \(store) contacts list\n")
        #expect(InProcessNudge.run(["--store", store, "contacts", "list"], environment: environment).status == 0)
    }
}
