import Foundation
import NudgeTestSupport
import Testing

/// A reminder answered *Taken* after its medication was removed (hostile round 29 of issue 42):
/// the refusal named the reminder's internal key, `medication:ritalin_ir:2026-12-01:0812`, and
/// no way to record the dose. It names the medication and a whole line that records it when it
/// was answered (round 31: "--custom, with --dose and the amount" could not be pasted, and typed
/// later recorded the instant of typing).
@Suite struct AckAfterRemoveTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        ("modafinil", ["--dose", "200mg"], "nudge meds taken modafinil --dose 200mg --at 2026-11-22T20:00)"),
        (
            "vitamin d", ["--custom", "--dose", "1g"],
            "nudge meds taken 'vitamin d' --custom --dose 1000mg --at 2026-11-22T20:00)"
        ),
    ])
    func theRefusalNamesTheMedicationAndTheLineThatRecordsIt(name: String, options: [String], line: String) throws {
        let added = InProcessNudge.run(
            ["meds", "add", name, "--at", "19:00", "--store", store] + options,
            environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T07:00:00+01:00"]) { $1 })
        #expect(added.status == 0, "\(added)")
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title) VALUES
                (7, 'medication:\(name):2026-11-22:1900', 'medication', '2026-11-22T18:00:00Z',
                    '2026-11-22T18:00:00Z', 'shown')
            """)
        #expect(nudge("meds", "remove", name).status == 0)
        let refused = try InProcessNudge.expectRefusal(
            ["ack", "7", "taken"], store: store, environment: environment,
            mentioning:
                "nudge: \(name) is no longer a medication taken by day (meds remove); nothing recorded for its 19:00 dose on 2026-11-22 (to record it taken: \(line)\n"
        )
        #expect(!refused.stderr.contains("medication:"), "\(refused)")
    }

    /// "Record a second dose" answered after the removal: the line records the second entry at
    /// the *Taken*'s instant, confirmed as its answer would have.
    @Test func aSecondDoseRefusedAfterTheRemovalNamesTheLineAtTheTakensInstant() throws {
        let added = InProcessNudge.run(
            ["meds", "add", "Gamma", "--custom", "--dose", "5mg", "--at", "19:00", "--store", store],
            environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T07:00:00+01:00"]) { $1 })
        #expect(added.status == 0, "\(added)")
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, action, acknowledged_at, title)
            VALUES
                (7, 'medication:Gamma:2026-11-22:1900', 'medication', '2026-11-22T18:00:00Z',
                    '2026-11-22T18:00:00Z', 'taken', '2026-11-22T18:09:00Z', 'shown'),
                (8, 'medication:Gamma:2026-11-22:1900:second:1', 'medication', '2026-11-22T18:09:00Z',
                    '2026-11-22T18:09:00Z', NULL, NULL, 'shown')
            """)
        #expect(nudge("meds", "remove", "Gamma").status == 0)
        try InProcessNudge.expectRefusal(
            ["ack", "8", "second-dose"], store: store, environment: environment,
            mentioning:
                "(to record it taken: nudge meds taken Gamma --custom --dose 5mg --at 2026-11-22T19:09 --confirm-duplicate)"
        )
    }
}
