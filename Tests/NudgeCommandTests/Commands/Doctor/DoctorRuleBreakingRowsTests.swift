import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// Rows another program wrote against a column's rule (issue 39, fourth round): README says the
/// doctor counts them; it named the first table alone, as fine. It counts them by table and
/// column, as a warning with how to see and fix them, and never shows a value.
struct DoctorRuleBreakingRowsTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func theyAreCountedByTableAndColumn() throws {
        for severity in ["2", "3", "4"] {
            #expect(nudge("log", "symptom", "private words", "--severity", severity).status == 0)
        }
        #expect(nudge("contacts", "add", "Ann", "--every", "7").status == 0)
        #expect(nudge("meditations", "add", "--at", "2026-11-22T08:00", "--minutes", "20").status == 0)
        try DatabaseQueue(path: store).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = 1")
            try db.execute(sql: "UPDATE symptom_entries SET severity = 11 WHERE severity = 2")
            try db.execute(sql: "UPDATE symptom_entries SET severity = 'x' WHERE severity = 3")
            try db.execute(sql: "UPDATE contacts SET stay_in_touch_days = -3")
            try db.execute(sql: "UPDATE meditation_sessions SET planned_seconds = -60")
        }
        let result = nudge("doctor")
        #expect(
            result.stdout.contains(
                "WARNING rows against a column's rule: 4 rows another program wrote (1 in contacts.stay_in_touch_days, 1 in meditation_sessions.planned_seconds, 2 in symptom_entries.severity); nudge leaves them out where it lists rows, and backs them up as they are\n        fix: the listings name the rows they leave out"
            ), "\(result)")
        #expect(result.stdout.contains("ok      integrity: ok\n"), "\(result)")
        #expect(!result.stdout.contains("private words") && !result.stdout.contains("Ann"), "\(result)")
    }
}
