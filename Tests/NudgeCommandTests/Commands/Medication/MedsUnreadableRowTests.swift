import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A medication taken by day whose row another program damaged (a time of '25:99', days of
/// 'someday') is named the same way by `meds add`, `edit` and `taken`: its row cannot be read,
/// and how to mend it (issue 40, ninth round: `add` said to edit it, which said to remove it,
/// and `taken` recorded DoseTap's usual dose in place of the person's own). The lines said run.
@Suite struct MedsUnreadableRowTests: CommandScenario {
    let directory = TemporaryDirectory()

    private func damaged() throws {
        #expect(nudge("meds", "add", "modafinil", "--dose", "100mg", "--at", "08:00").status == 0)
        #expect(nudge("meds", "add", "vitamin d", "--custom", "--dose", "1g", "--at", "09:00").status == 0)
        let database = try DatabaseQueue(path: store)
        try database.write {
            try $0.execute(sql: "UPDATE medication_schedules SET times = '25:99' WHERE medication_id = 'modafinil'")
            try $0.execute(sql: "UPDATE medication_schedules SET days = 'someday' WHERE medication_id = 'vitamin d'")
        }
        try database.close()
    }

    private func said(_ name: String, quoted: String) -> String {
        "nudge: the row of \(name) in the medications taken by day cannot be read (another program changed it); remove it with nudge meds remove \(quoted), then add it again with nudge meds add"
    }

    @Test(arguments: [("modafinil", "modafinil", [String]()), ("vitamin d", "'vitamin d'", ["--custom"])])
    func addEditAndTakenSayTheRowIsUnreadable(name: String, quoted: String, custom: [String]) throws {
        try damaged()
        let refusal = said(name, quoted: quoted)
        let add = ["meds", "add", name, "--dose", "100mg", "--at", "08:00"] + custom
        try InProcessNudge.expectRefusal(add, store: store, environment: environment, mentioning: refusal + "\n")
        try InProcessNudge.expectRefusal(
            ["meds", "edit", name, "--dose", "200mg"], store: store, environment: environment,
            mentioning: refusal + "\n")
        // No dose made up: DoseTap's usual 200 mg of modafinil is not the person's 100 mg.
        try InProcessNudge.expectRefusal(
            ["meds", "taken", name], store: store, environment: environment,
            mentioning: refusal + "; meanwhile give the dose taken with --dose\n")
        let taken = nudge("meds", "taken", name, "--dose", "100mg", "--at", "08:10")
        #expect(taken.status == 0 && taken.stdout.hasPrefix("\(name) 100 mg recorded as taken"), "\(taken)")

        // The lines said, typed back, mend it.
        let line = try #require(try WholeLineSuggestionTests.shellWords(["meds remove \(quoted)"]).first)
        #expect(nudge(line).status == 0)
        #expect(nudge(add).status == 0)
        let again = nudge("meds", "taken", name)
        #expect(again.status == 0 && again.stdout.hasPrefix("\(name) 100 mg recorded as taken"), "\(again)")
        let doses = try StoreQuery.rows(store, "SELECT dose_mg FROM medication_events ORDER BY taken_at_utc")
        #expect(doses.map { $0["dose_mg"] } == ["100", "100"])
    }

    /// A row another program wrote with no time nudge can read (`created_at` and `updated_at`
    /// of `soon`, no schedule version): when it began is not known, so its doses count from the
    /// day it is read, none before listed missed (issue 42: read as 1970, it was listed missed
    /// for each of the 7 days shown), and `meds list` and `meds history` name it in one line.
    @Test func aRowWithNoReadableTimeCountsFromTheDayItIsRead() throws {
        #expect(nudge("meds", "add", "modafinil", "--dose", "100mg", "--at", "08:00").status == 0)
        let database = try DatabaseQueue(path: store)
        try database.write {
            try $0.execute(sql: "UPDATE medication_schedules SET created_at = 'soon', updated_at = 'soon'")
            try $0.execute(sql: "DELETE FROM medication_schedule_versions")
        }
        try database.close()
        let note =
            "nudge: the row of modafinil in the medications taken by day (medication_schedules id 1) has no time nudge can read (updated_at, created_at): its doses count from today, and none before is listed missed; nudge meds remove modafinil, then nudge meds add, gives it one\n"
        let history = nudge("meds", "history", "--days", "7")
        #expect(history.status == 0 && history.stderr == note, "\(history)")
        // Today's 08:00 (it is 20:00), and no day before.
        #expect(history.stdout.components(separatedBy: "missed").count == 2, "\(history)")
        #expect(history.stdout.hasPrefix("Sunday 2026-11-22\n") && !history.stdout.contains("2026-11-21"), "\(history)")
        let listed = nudge("meds", "list")
        #expect(listed.status == 0 && listed.stderr == note && listed.stdout.hasPrefix("modafinil 100 mg"), "\(listed)")
    }
}
