import Foundation
import NudgeTestSupport
import Testing

/// `meds edit --at` on a day one of its doses already came due moves that dose, never adds one
/// (hostile round of issue 40: an 08:00 dose taken at 08:03, then `--at 12:00` that morning, was
/// asked for again at 12:00 and `meds history` listed two doses that day).
@Suite struct MedsEditMovedDoseTests: CommandScenario {
    let directory = TemporaryDirectory()
    let environment = ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-26T10:00:00-05:00", "COLUMNS": "80"]

    func at(_ instant: String, _ arguments: String...) -> CommandResult {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: environment.merging(["NUDGE_FAKE_NOW": instant]) { $1 })
        #expect(result.status == 0, "\(arguments): \(result)")
        return result
    }

    /// Taken, then moved: the day's dose stays the one taken; `upcoming` asks next tomorrow at
    /// 12:00; a second intake that day is listed as one, not as the 12:00 dose.
    @Test func aDoseTakenThenMovedStaysTheDaysOnlyDose() {
        _ = at("2026-11-25T06:00:00-05:00", "settings", "set", "symptom.reminder_enabled", "false")
        _ = at("2026-11-25T06:00:00-05:00", "meds", "add", "modafinil", "--dose", "200mg", "--at", "08:00")
        _ = at("2026-11-26T08:03:00-05:00", "meds", "taken", "modafinil")
        _ = at("2026-11-26T10:00:00-05:00", "meds", "edit", "modafinil", "--at", "12:00")
        let upcoming = at("2026-11-26T10:01:00-05:00", "upcoming")
        #expect(
            upcoming.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("2026-11-27 12:00 EST") == true,
            "\(upcoming)")
        #expect(!upcoming.stdout.contains("2026-11-26 12:00"), "\(upcoming)")
        let history = at("2026-11-26T13:00:00-05:00", "meds", "history", "--days", "1")
        #expect(
            history.stdout == """
                Thursday 2026-11-26
                  DUE    MEDICATION  DOSE    OUTCOME
                  08:00  modafinil   200 mg  taken at 08:03

                """, "\(history)")
    }

    /// Moved before it was taken: the day's dose is the new one (asked at 12:00), and the 08:00
    /// is neither listed missed nor counted beside it.
    @Test func aDoseNotTakenIsMovedToItsNewTime() {
        _ = at("2026-11-25T06:00:00-05:00", "settings", "set", "symptom.reminder_enabled", "false")
        _ = at("2026-11-25T06:00:00-05:00", "meds", "add", "modafinil", "--dose", "200mg", "--at", "08:00")
        _ = at("2026-11-26T08:15:00-05:00", "meds", "edit", "modafinil", "--at", "12:00")
        let upcoming = at("2026-11-26T08:16:00-05:00", "upcoming")
        #expect(
            upcoming.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("2026-11-26 12:00 EST") == true,
            "\(upcoming)")
        _ = at("2026-11-26T12:04:00-05:00", "meds", "taken", "modafinil")
        let history = at("2026-11-26T13:00:00-05:00", "meds", "history", "--days", "1")
        #expect(
            history.stdout == """
                Thursday 2026-11-26
                  DUE    MEDICATION  DOSE    OUTCOME
                  12:00  modafinil   200 mg  taken at 12:04

                """, "\(history)")
    }
}
