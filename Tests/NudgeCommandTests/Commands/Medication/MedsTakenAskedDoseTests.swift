import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// `meds taken NAME` without `--dose`, and a reminder's *Taken*, record the amount the dose
/// answered came due with, by the schedule version that holds it; an edit of the amount is for
/// the doses after it (issue 42: 300 mg due at 08:00, edited to 400 mg at 08:30, taken at
/// 08:40 was recorded 400 mg).
@Suite struct MedsTakenAskedDoseTests: CommandScenario {
    let directory = TemporaryDirectory()
    /// Thursday 26 November 2026, 22:00 in Berlin.
    let environment = ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": "2026-11-26T22:00:00+01:00", "COLUMNS": "80"]

    @discardableResult
    func at(_ instant: String, _ arguments: String...) -> CommandResult {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: environment.merging(["NUDGE_FAKE_NOW": instant]) { $1 })
        #expect(result.status == 0, "\(arguments): \(result)")
        return result
    }

    func entries() throws -> [[String: String]] {
        try StoreQuery.rows(
            store,
            """
            SELECT dose_mg, typeof(dose_mg) AS type, dose_unit, formulation, confirmed_duplicate, session_date
            FROM medication_events ORDER BY taken_at_utc
            """)
    }

    /// The 08:00 dose taken after the edit is recorded at 300 mg, as DoseTap writes a row; the
    /// 20:00 dose, due after it, at 400 mg; an entry that takes no dose at today's 400 mg.
    @Test func takenAfterAnAmountEditRecordsTheAmountItCameDueWith() throws {
        at("2026-11-25T06:00:00+01:00", "meds", "add", "Lithium", "--custom", "--dose", "300mg", "--at", "08:00,20:00")
        at("2026-11-26T08:30:00+01:00", "meds", "edit", "Lithium", "--dose", "400mg")
        let morning = at("2026-11-26T08:40:00+01:00", "meds", "taken", "Lithium")
        #expect(morning.stdout.hasPrefix("Lithium 300 mg recorded as taken at 08:40"), "\(morning)")
        at("2026-11-26T20:02:00+01:00", "meds", "taken", "Lithium")
        at("2026-11-26T14:00:00+01:00", "meds", "taken", "Lithium", "--at", "14:00")
        let doses = try entries()
        #expect(doses.map { $0["dose_mg"] } == ["300", "400", "400"], "\(doses)")
        // Past DoseTap's 18:00 rollover, the next session.
        #expect(doses.map { $0["session_date"] } == ["2026-11-25", "2026-11-25", "2026-11-26"], "\(doses)")
        for row in doses {
            #expect(row["type"] == "integer" && row["dose_unit"] == "mg" && row["formulation"] == "ir", "\(row)")
            #expect(row["confirmed_duplicate"] == "0", "\(row)")
        }
        let listed = at("2026-11-26T22:00:00+01:00", "meds", "history", "--days", "1")
        #expect(listed.stdout.contains("  08:00  Lithium     300 mg  taken at 08:40, 40m late\n"), "\(listed)")
        #expect(listed.stdout.contains("  20:00  Lithium     400 mg  taken at 20:02\n"), "\(listed)")
    }

    /// `--at` a time before the edit, given after it: the dose of that time, at its amount;
    /// `--dose` as given, whatever the schedule asked.
    @Test func backdatedTakesTheAmountOfTheDoseItTakesAndDoseAsGivenWins() throws {
        at("2026-11-25T06:00:00+01:00", "meds", "add", "Lithium", "--custom", "--dose", "300mg", "--at", "08:00,20:00")
        at("2026-11-26T12:00:00+01:00", "meds", "edit", "Lithium", "--dose", "400mg")
        at("2026-11-26T12:01:00+01:00", "meds", "taken", "Lithium", "--at", "08:05")
        at("2026-11-26T20:01:00+01:00", "meds", "taken", "Lithium", "--dose", "350mg")
        #expect(try entries().map { $0["dose_mg"] } == ["300", "350"])
    }

    /// The reminder's *Taken* (`nudge ack`, the button's path) on the 08:00 dose shown before
    /// the edit records 300 mg too.
    @Test func theRemindersTakenRecordsTheAmountItCameDueWith() throws {
        at("2026-11-25T06:00:00+01:00", "meds", "add", "Lithium", "--custom", "--dose", "300mg", "--at", "08:00,20:00")
        let database = try DatabaseQueue(path: store)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title) VALUES
                        (7, 'medication:Lithium:2026-11-26:0800', 'medication', '2026-11-26T07:00:00Z',
                            '2026-11-26T07:00:00Z', 'Lithium 300 mg')
                    """)
        }
        try database.close()
        at("2026-11-26T08:05:00+01:00", "meds", "edit", "Lithium", "--dose", "400mg")
        let answered = at("2026-11-26T08:06:00+01:00", "ack", "7", "taken")
        #expect(answered.stdout.contains("Lithium 300 mg recorded as taken at 08:06"), "\(answered)")
        #expect(try entries().map { $0["dose_mg"] } == ["300"])
    }
}
