import Foundation
import NudgeTestSupport
import Testing

/// Medication reminders nudge closed that nobody answered (hostile round 29 of issue 42): the
/// last repeat of a dose, closed as the dose was recorded missed, and one closed by `meds
/// remove`, both read "answered otherwise" in `nudge history`. They read missed and removed; a
/// dose settled by an entry still reads "answered otherwise". Round 31: one closed as `meds
/// edit --at` moved its dose read "answered otherwise" too; it reads moved, as an own reminder's.
@Suite struct UnansweredDoseHistoryTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aDoseRecordedMissedOrRemovedIsNotAnsweredOtherwise() throws {
        for line in [
            ["meds", "add", "modafinil", "--dose", "200mg", "--at", "18:00"],
            ["meds", "add", "sunosi", "--dose", "75mg", "--at", "19:50"],
            ["meds", "add", "wakix", "--dose", "35mg", "--at", "19:00"],
        ] {
            let added = InProcessNudge.run(
                line + ["--store", store],
                environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T07:00:00+01:00"]) { $1 })
            #expect(added.status == 0, "\(added)")
        }
        // Modafinil's third repeat, closed as the dose was recorded missed at 17:40 UTC; sunosi's
        // reminder on screen; wakix's, closed once an entry took the dose.
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_deliveries
                (id, reminder_key, kind, due_at, shown_at, closed_at, closed_reason, title) VALUES
                (7, 'medication:modafinil:2026-11-22:1800:again:3', 'medication', '2026-11-22T17:30:00Z',
                    '2026-11-22T17:30:00Z', '2026-11-22T17:40:01Z', 'closed', 'Modafinil 200 mg (again)'),
                (8, 'medication:sunosi:2026-11-22:1950', 'medication', '2026-11-22T18:50:00Z',
                    '2026-11-22T18:50:00Z', NULL, NULL, 'Sunosi 75 mg'),
                (9, 'medication:wakix:2026-11-22:1900', 'medication', '2026-11-22T18:00:00Z',
                    '2026-11-22T18:00:00Z', '2026-11-22T18:05:01Z', 'closed', 'Wakix 35 mg');
            INSERT INTO medication_outcomes (medication_id, dose_date, dose_time, outcome, recorded_at)
                VALUES ('modafinil', '2026-11-22', '18:00', 'missed', '2026-11-22T17:40:00Z');
            """)
        #expect(nudge("meds", "taken", "wakix").status == 0)
        #expect(nudge("meds", "remove", "sunosi").status == 0)
        // The daemon closes the removed medication's reminder.
        try StoreQuery.write(
            store,
            "UPDATE reminder_deliveries SET closed_at = '2026-11-22T19:00:01Z', closed_reason = 'closed' WHERE id = 8")
        let table = InProcessNudge.run(
            ["history", "--store", store], environment: environment.merging(["COLUMNS": "200"]) { $1 })
        let lines = table.stdout.split(separator: "\n")
        func outcome(_ id: String) -> Substring? { lines.first { $0.hasPrefix(id + " ") } }
        #expect(outcome("7")?.contains("missed, no answer") == true, "\(table)")
        #expect(
            outcome("8")?.contains("closed unanswered: the medication was removed (meds remove)") == true, "\(table)")
        #expect(outcome("9")?.contains("answered otherwise") == true, "\(table)")
    }

    @Test func aDoseMovedByAnEditIsNotAnsweredOtherwise() throws {
        let added = InProcessNudge.run(
            ["meds", "add", "wakix", "--dose", "35mg", "--at", "19:00", "--store", store],
            environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-22T07:00:00+01:00"]) { $1 })
        #expect(added.status == 0, "\(added)")
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title) VALUES
                (9, 'medication:wakix:2026-11-22:1900', 'medication', '2026-11-22T18:00:00Z',
                    '2026-11-22T18:00:00Z', 'Wakix 35 mg')
            """)
        #expect(nudge("meds", "edit", "wakix", "--at", "21:00").status == 0)
        // The daemon closes the reminder of the dose the edit moved.
        try StoreQuery.write(
            store,
            "UPDATE reminder_deliveries SET closed_at = '2026-11-22T19:00:01Z', closed_reason = 'closed' WHERE id = 9")
        let table = InProcessNudge.run(
            ["history", "--store", store], environment: environment.merging(["COLUMNS": "200"]) { $1 })
        let line = table.stdout.split(separator: "\n").first { $0.hasPrefix("9 ") }
        #expect(line?.contains("closed unanswered: moved to another time (meds edit)") == true, "\(table)")
    }
}
