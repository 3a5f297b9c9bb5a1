import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// `nudge meds history`: each dose come due with what became of it (taken on time, late by how
/// much, skipped, missed), other entries as not scheduled, by day, newest first; a table within
/// 80 columns and `--json` from the same rows.
@Suite struct MedsHistoryCommandTests: CommandScenario {
    let directory = TemporaryDirectory()
    /// Thursday 26 November 2026, 14:20 in New York.
    let environment = ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-26T14:20:00-05:00"]

    func at(_ instant: String, _ arguments: String...) {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: environment.merging(["NUDGE_FAKE_NOW": instant]) { $1 })
        #expect(result.status == 0, "\(arguments): \(result)")
    }

    /// Three days: the 24th taken on time and Adderall skipped; the 25th taken 2h 40m late,
    /// Adderall missed and recorded so, an ibuprofen nobody scheduled; today's 08:00 past its
    /// repeats with no answer (no daemon ran), and 14:00 still in them.
    func seed() throws {
        at("2026-11-20T06:00:00-05:00", "meds", "add", "modafinil", "--dose", "200mg", "--at", "08:00,14:00")
        at("2026-11-20T06:00:00-05:00", "meds", "add", "Adderall XR", "--dose", "20mg", "--at", "09:00")
        at("2026-11-24T08:05:00-05:00", "meds", "taken", "modafinil")
        at("2026-11-24T14:03:00-05:00", "meds", "taken", "modafinil")
        at("2026-11-25T10:40:00-05:00", "meds", "taken", "modafinil")
        at("2026-11-25T14:00:00-05:00", "meds", "taken", "modafinil")
        at("2026-11-25T21:40:00-05:00", "meds", "taken", "ibuprofen", "--custom", "--dose", "400mg")
        at("2026-11-26T09:02:00-05:00", "meds", "taken", "adderall_xr")
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    INSERT INTO medication_outcomes (medication_id, dose_date, dose_time, outcome, recorded_at) VALUES
                        ('adderall_xr', '2026-11-24', '09:00', 'skipped', '2026-11-24T14:01:00Z'),
                        ('adderall_xr', '2026-11-25', '09:00', 'missed', '2026-11-25T14:40:00Z')
                    """)
        }
    }

    @Test func eachDoseWithWhatBecameOfItByDayWithin80Columns() throws {
        try seed()
        let listed = InProcessNudge.run(
            ["meds", "history", "--days", "3", "--store", store],
            environment: environment.merging(["COLUMNS": "80"]) { $1 })
        #expect(listed.status == 0, "\(listed)")
        #expect(
            listed.stdout == """
                Thursday 2026-11-26
                  DUE    MEDICATION   DOSE    OUTCOME
                  08:00  modafinil    200 mg  missed
                  09:00  adderall_xr  20 mg   taken at 09:02
                  14:00  modafinil    200 mg  not answered yet

                Wednesday 2026-11-25
                  DUE    MEDICATION   DOSE    OUTCOME
                  08:00  modafinil    200 mg  taken at 10:40, 2h 40m late
                  09:00  adderall_xr  20 mg   missed
                  14:00  modafinil    200 mg  taken at 14:00
                         ibuprofen    400 mg  taken at 21:40, not scheduled

                Tuesday 2026-11-24
                  DUE    MEDICATION   DOSE    OUTCOME
                  08:00  modafinil    200 mg  taken at 08:05
                  09:00  adderall_xr  20 mg   skipped
                  14:00  modafinil    200 mg  taken at 14:03

                """)
        #expect(listed.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func jsonIsTheSameRows() throws {
        try seed()
        let listed = nudge("meds", "history", "--days", "2", "--json")
        #expect(listed.status == 0, "\(listed)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(
            rows.map { $0["outcome"] as? String } == [
                "missed", "taken", "open", "late", "missed", "taken", "unscheduled",
            ])
        let late = rows[3]
        #expect(late["medication"] as? String == "modafinil" && late["date"] as? String == "2026-11-25")
        #expect(late["due_at"] as? String == "2026-11-25T13:00:00Z" && late["late_minutes"] as? Int == 160)
        #expect(
            (late["taken_at"] as? String)?.hasPrefix("2026-11-25T15:40:00") == true && late["dose_mg"] as? Int == 200)
        #expect(rows[6]["due_at"] is NSNull && rows[6]["dose_mg"] as? Int == 400)
    }

    @Test func nothingToListSaysHowToAddAndABadDayCountIsRefused() throws {
        let empty = nudge("meds", "history")
        #expect(empty.status == 0 && empty.stdout.hasPrefix("No medication due or taken in the last 7 days."))
        try expectRefusal(["meds", "history", "--days", "0"], mentioning: "--days")
        try expectRefusal(["meds", "history", "--days", "367"], mentioning: "--days")
    }

    /// The report a doctor reads beside the diary has the same doses, oldest day first, with
    /// how many came due and what became of them; a span without any has no such section.
    @Test func theDoctorsReportHasAMedicationSection() throws {
        let before = nudge("symptoms", "export", "--format", "html", "--days", "3")
        #expect(before.status == 0 && !before.stdout.contains("Medications"), "\(before)")
        try seed()
        let report = nudge("symptoms", "export", "--format", "html", "--days", "3")
        #expect(report.status == 0, "\(report)")
        let section = try #require(
            report.stdout.firstRange(of: "<section class=\"medications\">").map {
                String(report.stdout[$0.lowerBound...])
            })
        #expect(
            section.contains(
                "<p>9 doses of the medications taken by day came due: 4 taken on time, 1 taken late, 1 skipped, 2 missed, 1 not answered yet."
            ))
        let days = section.ranges(of: "<tr class=\"day\">").map { section[$0.upperBound...].prefix(40) }
        #expect(days.map { $0.contains("2026-11-24") } == [true, false, false], "oldest first: \(days)")
        #expect(
            section.contains(
                "<tr><td class=\"time\">08:00</td><td class=\"name\">modafinil</td><td class=\"number\">200 mg</td><td>taken at 10:40, 2h 40m late</td></tr>"
            ))
        #expect(section.contains("<td>taken at 21:40, not scheduled</td>"))
    }

    /// An edit leaves what was recorded of the doses before it (hostile round: after `meds edit
    /// --dose` mid-repeat the dose taken was "not scheduled", and after `meds edit --at` the
    /// dose recorded missed was gone from the history); a dose recorded stays its day's dose.
    @Test func anEditKeepsWhatWasRecordedOfTheDosesBeforeIt() throws {
        at("2026-11-26T06:00:00-05:00", "meds", "add", "modafinil", "--dose", "100mg", "--at", "08:00")
        at("2026-11-26T06:00:00-05:00", "meds", "add", "armodafinil", "--dose", "150mg", "--at", "09:00")
        at("2026-11-26T08:01:00-05:00", "meds", "edit", "modafinil", "--dose", "200mg")
        at("2026-11-26T08:02:00-05:00", "meds", "taken", "modafinil")
        at("2026-11-26T09:05:00-05:00", "meds", "edit", "armodafinil", "--at", "09:30")
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    INSERT INTO medication_outcomes (medication_id, dose_date, dose_time, outcome, recorded_at) VALUES
                        ('armodafinil', '2026-11-26', '09:00', 'missed', '2026-11-26T14:05:00Z')
                    """)
        }
        let listed = InProcessNudge.run(
            ["meds", "history", "--days", "1", "--store", store],
            environment: environment.merging(["COLUMNS": "80"]) { $1 })
        #expect(listed.status == 0, "\(listed)")
        // Taken without --dose: at the 100 mg the dose came due with (issue 42), not the edit's.
        #expect(listed.stdout.contains("  08:00  modafinil    100 mg  taken at 08:02\n"), "\(listed)")
        #expect(listed.stdout.contains("  09:00  armodafinil  150 mg  missed\n"), "\(listed)")
        // The edit moved that day's dose: the one recorded stays it, no 09:30 beside it (hostile
        // round of issue 40: two doses that day).
        #expect(!listed.stdout.contains("09:30"), "\(listed)")
        #expect(!listed.stdout.contains("not scheduled"), "\(listed)")
    }
}
