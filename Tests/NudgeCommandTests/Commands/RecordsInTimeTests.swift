import Foundation
import NudgeTestSupport
import Testing

/// A record says what happened: a meditation entered afterwards has ended and shares no time
/// with another, a reflection is on a session that has happened, and a one-off call reminder
/// typed twice is one reminder. The clock is Sunday 22 November 2026, 20:00 in Berlin.
@Suite struct RecordsInTimeTests: CommandScenario {
    let directory = TemporaryDirectory()

    func count(_ table: String) throws -> Int {
        try StoreQuery.rows(store, "SELECT count(*) AS n FROM \(table)").first.flatMap { Int($0["n"] ?? "") } ?? -1
    }

    @Test func aMeditationEnteredAfterwardsHasEndedAndOverlapsNoOther() throws {
        try expectRefusal(
            ["meditations", "add", "--at", "19:30", "--minutes", "40"],
            mentioning:
                "--at '19:30' and --minutes 40 end at 20:10 today, 2026-11-22 20:10 CET, which has not come; record a session once it has ended"
        )
        #expect(nudge("meditations", "add", "--at", "18:00", "--minutes", "30").status == 0)
        let id = try #require(try StoreQuery.rows(store, "SELECT id FROM meditation_sessions").first?["id"])
        for (at, minutes) in [("18:20", "10"), ("17:50", "15"), ("15:00", "200")] {
            try expectRefusal(
                ["meditations", "add", "--at", at, "--minutes", minutes],
                mentioning:
                    "nothing recorded: it would overlap the session of 30 minutes at 18:00 today, 2026-11-22 18:00 CET (\(id.prefix(8)) in nudge meditations)"
            )
        }
        // Touching is not sharing: one ends as the other begins.
        #expect(nudge("meditations", "add", "--at", "18:30", "--minutes", "10").status == 0)
        #expect(nudge("meditations", "add", "--at", "17:50", "--minutes", "10").status == 0)
        #expect(try count("meditation_sessions") == 3)
    }

    @Test func aSessionThatHasNotHappenedHasNoReflection() throws {
        let ahead = nudge("journal", "add", "--type", "iv", "--at", "tomorrow 10:00")
        #expect(ahead.status == 0, "\(ahead)")
        let id = try #require(try StoreQuery.rows(store, "SELECT id FROM therapy_sessions").first?["id"])
        try expectRefusal(
            ["journal", "reflect", String(id.prefix(8)), "--text", "felt calm"],
            mentioning:
                "session \(id.prefix(8)) is dated 10:00 tomorrow, 2026-11-23 10:00 CET, which has not come; reflect on it once it has happened"
        )
        #expect(nudge("journal", "add", "--type", "iv", "--at", "10:00").status == 0)
        let past = try #require(
            try StoreQuery.rows(store, "SELECT id FROM therapy_sessions WHERE id != '\(id)'").first?["id"])
        #expect(nudge("journal", "reflect", String(past.prefix(8)), "--text", "felt calm").status == 0)
        #expect(try count("therapy_reflections") == 1)
    }

    /// Typed again, the same reminder is there (exit 0, nothing added); with another note it is
    /// refused with how to change the note; moved onto another's minute, refused.
    @Test func aOneOffCallReminderTypedTwiceIsOneReminder() throws {
        #expect(nudge("contacts", "add", "Mum").status == 0)
        let first = nudge("call", "remind", "Mum", "--at", "tomorrow 9:00")
        #expect(first.status == 0 && first.stdout.hasSuffix("(reminder 1)\n"), "\(first)")
        let again = nudge("call", "remind", "Mum", "--at", "tomorrow 9:00")
        #expect(
            again.status == 0
                && again.stdout
                    == "a reminder to call Mum at 09:00 tomorrow, 2026-11-23 09:00 CET already exists (reminder 1); nothing added\n",
            "\(again)")
        let noted = try InProcessNudge.expectRefusal(
            ["call", "remind", "Mum", "--on", "tomorrow", "--at", "9:00", "--note", "her birthday"], store: store,
            environment: environment,
            mentioning:
                "already exists (reminder 1) with another note; nothing added; change its note with: nudge call reminders edit 1 --note 'her birthday' --store \(store)\n"
        )
        // The line offered is taken as it is, note and all.
        let line = String(try #require(noted.stderr.split(separator: "change its note with: ").last).dropLast())
        let words = try #require(try WholeLineSuggestionTests.shellWords([line]).first)
        #expect(InProcessNudge.run(Array(words.dropFirst()), environment: environment).status == 0)
        #expect(
            try StoreQuery.rows(store, "SELECT note FROM call_reminders WHERE id = 1").first?["note"] == "her birthday")
        #expect(nudge("call", "remind", "Mum", "--at", "tomorrow 9:30").status == 0)
        try expectRefusal(
            ["call", "reminders", "edit", "2", "--at", "tomorrow 9:00"],
            mentioning:
                "reminder 1 already reminds you to call Mum at 09:00 tomorrow, 2026-11-23 09:00 CET; nothing changed"
        )
        #expect(try count("call_reminders") == 2)
    }
}
