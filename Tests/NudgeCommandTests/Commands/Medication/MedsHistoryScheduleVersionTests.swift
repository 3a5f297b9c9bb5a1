import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// `nudge meds history` reads each dose by the schedule in effect when it came due, kept by
/// `meds add`, `edit` and `remove` (issue 40: after `meds edit --at 22:00` a past day's 09:00
/// dose taken was "not scheduled" and the next day's entry a 22:00 dose "6h 42m late").
@Suite struct MedsHistoryScheduleVersionTests: CommandScenario {
    let directory = TemporaryDirectory()
    /// Thursday 26 November 2026, 14:20 in New York.
    let environment = ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-26T14:20:00-05:00", "COLUMNS": "80"]

    func at(_ instant: String, _ arguments: String...) {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: environment.merging(["NUDGE_FAKE_NOW": instant]) { $1 })
        #expect(result.status == 0, "\(arguments): \(result)")
    }

    /// 100 mg at 09:00 from Friday, taken Monday and Tuesday morning; moved to 22:00 on Tuesday
    /// at 12:18 and taken that night; removed on Wednesday at 08:00; added again on Thursday,
    /// 50 mg at 07:00, and taken. Tuesday's dose was taken at 09:05: the edit moved it, so the
    /// 22:05 entry is a second intake that day, not a 22:00 dose (hostile round of issue 40).
    @Test func eachDayIsReadByTheScheduleItHadAcrossAnEditARemovalAndAReAdd() {
        at("2026-11-20T06:00:00-05:00", "meds", "add", "modafinil", "--dose", "100mg", "--at", "09:00")
        at("2026-11-23T09:00:00-05:00", "meds", "taken", "modafinil")
        at("2026-11-24T09:05:00-05:00", "meds", "taken", "modafinil")
        at("2026-11-24T12:18:00-05:00", "meds", "edit", "modafinil", "--at", "22:00")
        at("2026-11-24T22:05:00-05:00", "meds", "taken", "modafinil")
        at("2026-11-25T08:00:00-05:00", "meds", "remove", "modafinil")
        at("2026-11-26T06:00:00-05:00", "meds", "add", "modafinil", "--dose", "50mg", "--at", "07:00")
        at("2026-11-26T07:03:00-05:00", "meds", "taken", "modafinil")
        let listed = nudge("meds", "history", "--days", "4")
        #expect(listed.status == 0, "\(listed)")
        #expect(
            listed.stdout == """
                Thursday 2026-11-26
                  DUE    MEDICATION  DOSE    OUTCOME
                  07:00  modafinil   50 mg   taken at 07:03

                Tuesday 2026-11-24
                  DUE    MEDICATION  DOSE    OUTCOME
                  09:00  modafinil   100 mg  taken at 09:05
                         modafinil   100 mg  taken at 22:05, not scheduled

                Monday 2026-11-23
                  DUE    MEDICATION  DOSE    OUTCOME
                  09:00  modafinil   100 mg  taken at 09:00

                """, "\(listed)")
    }

    /// Versions another program wrote with a wrong type are counted on stderr and the history
    /// still lists: a time that is no time, times that are a number, a removal that is a word.
    @Test func unreadableVersionsAreCountedNeverACrash() throws {
        at("2026-11-20T06:00:00-05:00", "meds", "add", "modafinil", "--dose", "100mg", "--at", "09:00")
        at("2026-11-26T09:02:00-05:00", "meds", "taken", "modafinil")
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    INSERT INTO medication_schedule_versions (id, medication_id, dose_mg, formulation, times, days,
                        from_at, removed) VALUES
                        (90, 'modafinil', 100, 'ir', '09:00', 'daily', 'yesterday', 0),
                        (91, 'modafinil', 'ten', 'ir', 900, X'00', '2026-11-21T12:00:00Z', 'no'),
                        (92, 'modafinil', 100, 'ir', '09:00', 'daily', '2026-11-22T12:00:00Z', 'yes')
                    """)
        }
        let listed = nudge("meds", "history", "--days", "1")
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout.contains("  09:00  modafinil   100 mg  taken at 09:02\n"), "\(listed)")
        #expect(
            listed.stderr.contains("medication_schedule_versions id 90")
                && listed.stderr.contains("medication_schedule_versions id 91"), "\(listed)")
    }
}
