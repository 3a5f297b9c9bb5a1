import Foundation
import NudgeTestSupport
import Testing

/// The formulation given to `meds add` is the one every entry of the medication records in
/// DoseTap's `medication_events` (hostile round 29 of issue 42: `meds list` showed the one
/// given, while *Taken*, `nudge ack` and `meds taken` wrote DoseTap's default instead).
@Suite struct MedsFormulationRecordedTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// Each medication added with the formulation DoseTap would not record for it, in the
    /// morning (now is 20:00 in Berlin); the custom one's 19:00 reminder shown as delivery 7.
    private func addedAgainstDoseTapsDefault() throws {
        for line in [
            ["meds", "add", "Custom XR", "--custom", "--dose", "30mg", "--at", "19:00", "--formulation", "xr"],
            ["meds", "add", "ritalin_la", "--dose", "20mg", "--at", "08:00", "--formulation", "ir"],
            ["meds", "add", "modafinil", "--dose", "200mg", "--at", "08:00", "--formulation", "xr"],
        ] {
            let added = InProcessNudge.run(
                line + ["--store", store],
                environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T07:00:00+01:00"]) { $1 })
            #expect(added.status == 0, "\(added)")
        }
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title) VALUES
                (7, 'medication:Custom XR:2026-11-22:1900', 'medication', '2026-11-22T18:00:00Z',
                    '2026-11-22T18:00:00Z', 'Custom XR 30 mg')
            """)
    }

    private func formulations() throws -> [String: String] {
        let rows = try StoreQuery.rows(store, "SELECT medication_id, formulation FROM medication_events")
        return Dictionary(rows.map { ($0["medication_id"] ?? "", $0["formulation"] ?? "") }) { $1 }
    }

    @Test func everyEntryRecordsTheFormulationGiven() throws {
        try addedAgainstDoseTapsDefault()
        #expect(nudge("ack", "7", "taken").status == 0)
        #expect(nudge("meds", "taken", "ritalin_la").status == 0)
        #expect(nudge("meds", "taken", "modafinil").status == 0)
        // A medication not taken by day records DoseTap's own.
        #expect(nudge("meds", "taken", "concerta").status == 0)
        #expect(
            try formulations() == ["Custom XR": "xr", "ritalin_la": "ir", "modafinil": "xr", "concerta": "xr"])
    }
}
