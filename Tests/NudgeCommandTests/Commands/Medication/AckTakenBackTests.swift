import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A medication reminder answered Skip or Snooze, then Taken from the terminal: the first
/// answer stands on the notification, and the refusal named nothing a person could do (issue
/// 40, last round). It names `nudge meds taken NAME`, which records the dose; typed back, it does.
@Suite struct AckTakenBackTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// Modafinil at 19:00 and vitamin d at 19:30, added in the morning; modafinil's reminder
    /// shown as delivery 7 and again as 8, vitamin d's as 9 (now is 20:00 in Berlin).
    private func shownReminders() throws {
        for line in [
            ["meds", "add", "modafinil", "--dose", "200mg", "--at", "19:00"],
            ["meds", "add", "vitamin d", "--custom", "--dose", "1g", "--at", "19:30"],
        ] {
            let added = InProcessNudge.run(
                line + ["--store", store],
                environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T07:00:00+01:00"]) {
                    $1
                })
            #expect(added.status == 0, "\(added)")
        }
        let database = try DatabaseQueue(path: store)
        defer { try? database.close() }
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title) VALUES
                        (7, 'medication:modafinil:2026-11-22:1900', 'medication', '2026-11-22T18:00:00Z',
                            '2026-11-22T18:00:00Z', 'Modafinil 200 mg'),
                        (8, 'medication:modafinil:2026-11-22:1900:again:1', 'medication', '2026-11-22T18:10:00Z',
                            '2026-11-22T18:10:00Z', 'Modafinil 200 mg'),
                        (9, 'medication:vitamin d:2026-11-22:1930', 'medication', '2026-11-22T18:30:00Z',
                            '2026-11-22T18:30:00Z', 'vitamin d 1 g')
                    """)
        }
    }

    @Test func takenAfterSkipOrSnoozeNamesTheCommandThatRecordsIt() throws {
        try shownReminders()
        #expect(nudge("ack", "7", "skip").status == 0)
        try InProcessNudge.expectRefusal(
            ["ack", "7", "taken"], store: store, environment: environment,
            mentioning:
                "nudge: delivery 7 was already answered 'Skip'; that first answer stands, and nothing changed; to record it taken after all: nudge meds taken modafinil\n"
        )
        // Its repeat: the dose was answered on another reminder of it.
        try InProcessNudge.expectRefusal(
            ["ack", "8", "Taken"], store: store, environment: environment,
            mentioning:
                "nudge: the 19:00 dose of modafinil on 2026-11-22 was answered already: skip; to record it taken after all: nudge meds taken modafinil\n"
        )
        #expect(nudge("ack", "9", "snooze").status == 0)
        try InProcessNudge.expectRefusal(
            ["ack", "9", "taken"], store: store, environment: environment,
            mentioning:
                "nudge: delivery 9 was already answered 'Snooze 10 min'; that first answer stands, and nothing changed; to record it taken after all: nudge meds taken 'vitamin d'\n"
        )
        // Another answer after a skip has no such command: only that the first stands.
        let again = try InProcessNudge.expectRefusal(
            ["ack", "7", "snooze"], store: store, environment: environment, mentioning: "first answer stands")
        #expect(!again.stderr.contains("meds taken"), "\(again)")

        // The lines said, typed back, record the doses; the history shows them taken.
        #expect(nudge("meds", "taken", "modafinil").status == 0)
        #expect(nudge("meds", "taken", "vitamin d").status == 0)
        let history = nudge("meds", "history", "--days", "1")
        let lines = history.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("modafinil") && $0.hasSuffix("taken at 20:00, 1h late") }, "\(history)")
        #expect(lines.contains { $0.contains("vitamin d") && $0.hasSuffix("taken at 20:00, 30m late") }, "\(history)")
    }

    /// The same answer again, on the reminder answered or on its repeat, changes nothing and is
    /// no error, whatever the kind: Taken as Done (issue 40, last round: 64 after Taken, 0 after
    /// Done). Another answer is still refused.
    @Test func theSameAnswerAgainOnTheRepeatIsNoError() throws {
        try shownReminders()
        #expect(nudge("ack", "7", "taken").status == 0)
        let before = try StoreDump.of(store)
        for delivery in ["7", "8"] {
            let again = nudge("ack", delivery, "Taken")
            #expect(again.status == 0 && again.stdout.contains("already answered; nothing changed"), "\(again)")
        }
        #expect(try StoreDump.of(store) == before)
        try InProcessNudge.expectRefusal(
            ["ack", "8", "skip"], store: store, environment: environment, mentioning: "was answered already: taken")
    }

    /// Taken from the terminal (`meds taken`) while its reminder is on screen: a later Skip or
    /// Snooze on that reminder is refused, the store unchanged (issue 42, hostile round: `ack
    /// 32 skip` recorded the dose skipped, exit 0).
    @Test func aDoseTakenFromTheTerminalIsNotSkippedAfter() throws {
        try shownReminders()
        #expect(nudge("meds", "taken", "modafinil").status == 0)
        let before = try StoreDump.of(store)
        for answer in ["skip", "snooze"] {
            try InProcessNudge.expectRefusal(
                ["ack", "7", answer], store: store, environment: environment,
                mentioning:
                    "nudge: the 19:00 dose of modafinil on 2026-11-22 was taken already, at 20:00; nothing changed\n")
        }
        #expect(try StoreDump.of(store) == before)
    }

    /// Snooze on the dose's first reminder after Snooze on its repeat: one snooze waits, and the
    /// second answer changes nothing (issue 40, hostile round 12: two snoozes, two notifications
    /// at once).
    @Test func aSecondSnoozeOfOneDoseChangesNothing() throws {
        try shownReminders()
        #expect(nudge("ack", "8", "snooze").status == 0)
        let before = try StoreDump.of(store)
        let again = nudge("ack", "7", "snooze")
        #expect(again.status == 0 && again.stdout.contains("already answered; nothing changed"), "\(again)")
        #expect(try StoreDump.of(store) == before)
    }

    /// An answer to a reminder of a dose more than 3 days old, past what its checks read (its
    /// other reminders' answers, the entries around it, a recorded miss): refused, nothing
    /// written, with the command that records it, DoseTap's guard asked (issue 42: it was
    /// recorded unchecked). The line said, typed back, records the dose at its time.
    @Test func anAnswerToADosePastWhatItsChecksReadNamesMedsTaken() throws {
        try shownReminders()
        let later = environment.merging(["NUDGE_FAKE_NOW": "2026-11-26T20:00:00+01:00"]) { $1 }
        let line = "nudge meds taken modafinil --at 2026-11-22T19:00"
        for answer in ["taken", "skip"] {
            try InProcessNudge.expectRefusal(
                ["ack", "7", answer], store: store, environment: later,
                mentioning:
                    "nudge: the 19:00 dose of modafinil on 2026-11-22 is more than 3 days old, past what a reminder's answer is checked against; nothing changed (to record it taken: \(line))\n"
            )
        }
        #expect(try StoreQuery.rows(store, "SELECT * FROM medication_events").isEmpty)
        #expect(try StoreQuery.rows(store, "SELECT * FROM medication_outcomes").isEmpty)
        let words = try #require(try WholeLineSuggestionTests.shellWords([line]).first)
        let taken = InProcessNudge.run(Array(words.dropFirst()) + ["--store", store], environment: later)
        #expect(taken.status == 0, "\(taken)")
        #expect(
            try StoreQuery.rows(store, "SELECT taken_at_utc FROM medication_events") == [
                ["taken_at_utc": "2026-11-22T18:00:00.000Z"]
            ])
    }
}
