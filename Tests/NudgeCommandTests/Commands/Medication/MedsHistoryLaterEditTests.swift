import Foundation
import NudgeTestSupport
import Testing

/// A dose an edit moved stays one dose after any later edit (issue 40, High 1: `--at 09:00,21:00`
/// at 08:50, taken at 09:10, then `--dose 400mg` the next day listed the 09:00 dose taken twice,
/// "4 doses came due: 2 taken late, 2 missed"): each dose of the schedule in force at its time,
/// once, in `meds history`, its `--json` and the report's medication section.
@Suite struct MedsHistoryLaterEditTests: CommandScenario {
    let directory = TemporaryDirectory()
    /// Friday 27 November 2026, 12:00 in Berlin.
    let environment = ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": "2026-11-27T12:00:00+01:00", "COLUMNS": "80"]

    func at(_ instant: String, _ arguments: String...) {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: environment.merging(["NUDGE_FAKE_NOW": instant]) { $1 })
        #expect(result.status == 0, "\(arguments): \(result)")
    }

    /// The rows `meds history --json` lists: each one's day, due instant and outcome.
    func jsonRows(days: Int) throws -> [String] {
        let listed = nudge("meds", "history", "--days", "\(days)", "--json")
        #expect(listed.status == 0, "\(listed)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        return rows.map {
            "\($0["date"] as? String ?? "-") \($0["due_at"] as? String ?? "-") \($0["outcome"] as? String ?? "-")"
                + " \(($0["dose_mg"] as? Int).map(String.init) ?? "-")"
        }
    }

    /// The report's sentence of how many doses came due.
    func reportCount(days: Int) throws -> String {
        let report = nudge("symptoms", "export", "--format", "html", "--days", "\(days)")
        #expect(report.status == 0, "\(report)")
        let section = try #require(report.stdout.firstRange(of: "<h2>Medications</h2>\n<p>"), "\(report)")
        let start = section.upperBound
        let end = try #require(report.stdout[start...].firstRange(of: ". A dose")?.lowerBound, "\(report)")
        return String(report.stdout[start..<end])
    }

    /// The issue's steps: the 08:00 dose moved to 09:00 before it was taken, taken at 09:10,
    /// then a new amount the next day.
    @Test func aMovedDoseTakenIsListedOnceAfterALaterDoseEdit() throws {
        at("2026-11-25T06:00:00+01:00", "meds", "add", "Lithium", "--custom", "--dose", "300mg", "--at", "08:00,20:00")
        at("2026-11-26T08:50:00+01:00", "meds", "edit", "Lithium", "--at", "09:00,21:00")
        at("2026-11-26T09:10:00+01:00", "meds", "taken", "Lithium")
        at("2026-11-27T10:00:00+01:00", "meds", "edit", "Lithium", "--dose", "400mg")
        let listed = nudge("meds", "history", "--days", "2")
        #expect(
            listed.stdout == """
                Friday 2026-11-27
                  DUE    MEDICATION  DOSE    OUTCOME
                  09:00  Lithium     300 mg  missed

                Thursday 2026-11-26
                  DUE    MEDICATION  DOSE    OUTCOME
                  09:00  Lithium     300 mg  taken at 09:10, 10m late
                  21:00  Lithium     300 mg  missed

                """, "\(listed)")
        #expect(
            try jsonRows(days: 2) == [
                "2026-11-27 2026-11-27T08:00:00Z missed 300",
                "2026-11-26 2026-11-26T08:00:00Z late 300",
                "2026-11-26 2026-11-26T20:00:00Z missed 300",
            ])
        #expect(
            try reportCount(days: 2)
                == "3 doses of the medications taken by day came due: 1 taken late, 2 missed")
    }

    /// Two moves in one morning (09:00 at 08:50, then 09:30 at 08:55), taken at 09:40, then a
    /// new amount and a new time on the days after: that morning has the one 09:30 dose.
    @Test func twoMovesInOneMorningStayOneDoseAfterLaterEdits() throws {
        at("2026-11-25T06:00:00+01:00", "meds", "add", "Lithium", "--custom", "--dose", "300mg", "--at", "08:00")
        at("2026-11-26T08:50:00+01:00", "meds", "edit", "Lithium", "--at", "09:00")
        at("2026-11-26T08:55:00+01:00", "meds", "edit", "Lithium", "--at", "09:30")
        at("2026-11-26T09:40:00+01:00", "meds", "taken", "Lithium")
        at("2026-11-26T22:00:00+01:00", "meds", "edit", "Lithium", "--dose", "400mg")
        at("2026-11-27T06:00:00+01:00", "meds", "edit", "Lithium", "--at", "10:00")
        #expect(
            try jsonRows(days: 2) == [
                "2026-11-27 2026-11-27T09:00:00Z missed 400", "2026-11-26 2026-11-26T08:30:00Z late 300",
            ])
        #expect(try reportCount(days: 2) == "2 doses of the medications taken by day came due: 1 taken late, 1 missed")
    }

    /// Moved after its time came (08:00 not taken, `--at 09:00` at 10:00), so asked from the
    /// edit on, taken at 10:05, then a new amount the next morning: one 09:00 dose that day.
    @Test func aDoseMovedToATimePastStaysOneAfterALaterEdit() throws {
        at("2026-11-25T06:00:00+01:00", "meds", "add", "Lithium", "--custom", "--dose", "300mg", "--at", "08:00")
        at("2026-11-26T10:00:00+01:00", "meds", "edit", "Lithium", "--at", "09:00")
        at("2026-11-26T10:05:00+01:00", "meds", "taken", "Lithium")
        at("2026-11-27T06:00:00+01:00", "meds", "edit", "Lithium", "--dose", "400mg")
        let rows = try jsonRows(days: 2)
        #expect(rows.filter { $0.hasPrefix("2026-11-26 ") }.count == 1, "\(rows)")
        #expect(rows.contains { $0.hasPrefix("2026-11-26 2026-11-26T08:00:00Z ") }, "\(rows)")
        #expect(rows.contains("2026-11-27 2026-11-27T08:00:00Z missed 400"), "\(rows)")
    }
}
