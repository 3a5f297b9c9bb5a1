import Foundation
import NudgeTestSupport
import Testing

/// A reminder answered *Taken* after its medication was removed (hostile round 29 of issue 42):
/// the refusal named the reminder's internal key, `medication:ritalin_ir:2026-12-01:0812`, and
/// no way to record the dose. It names the medication and the line that records it.
@Suite struct AckAfterRemoveTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        ("modafinil", ["--dose", "200mg"], "nudge meds taken modafinil)"),
        (
            "vitamin d", ["--custom", "--dose", "1g"],
            "nudge meds taken 'vitamin d' --custom, with --dose and the amount)"
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
}
