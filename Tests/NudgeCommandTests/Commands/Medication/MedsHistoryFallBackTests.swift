import Foundation
import NudgeTestSupport
import Testing

/// On a fall-back night a wall time the clock reads twice names its zone in `meds history` and
/// the report's medication section (hostile round of issue 40: a 01:30 EDT dose taken at 01:10
/// EST, 40 minutes later, read "taken at 01:10, 40m late"). New York, 1 November 2026.
@Suite struct MedsHistoryFallBackTests: CommandScenario {
    let directory = TemporaryDirectory()
    let environment = ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-01T12:00:00-05:00", "COLUMNS": "80"]

    func at(_ instant: String, _ arguments: String...) {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: environment.merging(["NUDGE_FAKE_NOW": instant]) { $1 })
        #expect(result.status == 0, "\(arguments): \(result)")
    }

    @Test func eachTimeTheClockReadTwiceNamesItsZone() throws {
        at("2026-10-30T12:00:00-04:00", "meds", "add", "modafinil", "--dose", "200mg", "--at", "01:30,09:00")
        at("2026-11-01T06:10:00Z", "meds", "taken", "modafinil")
        at("2026-11-01T09:02:00-05:00", "meds", "taken", "modafinil")
        let listed = nudge("meds", "history", "--days", "1")
        #expect(
            listed.stdout == """
                Sunday 2026-11-01
                  DUE        MEDICATION  DOSE    OUTCOME
                  01:30 EDT  modafinil   200 mg  taken at 01:10 EST, 40m late
                  09:00      modafinil   200 mg  taken at 09:02

                """, "\(listed)")
        let report = nudge("symptoms", "export", "--format", "html", "--days", "1")
        #expect(
            report.stdout.contains(
                "<tr><td class=\"time\">01:30 EDT</td><td class=\"name\">modafinil</td><td class=\"number\">200 mg</td><td>taken at 01:10 EST, 40m late</td></tr>"
            ), "\(report)")
    }

    /// DoseTap's duplicate guard names which 01:58 the first was taken at (issue 40: "recorded
    /// at 01:58" for one taken at 01:58 EDT, three minutes before 01:01 EST).
    @Test func theDuplicateGuardsRefusalNamesTheZone() throws {
        at("2026-11-01T01:05:00-05:00", "meds", "taken", "modafinil", "--at", "01:58 EDT")
        let refused = try InProcessNudge.expectRefusal(
            ["meds", "taken", "modafinil", "--at", "01:01 EST"], store: store,
            environment: environment.merging(["NUDGE_FAKE_NOW": "2026-11-01T01:05:00-05:00"]) { $1 },
            mentioning: "modafinil was recorded at 01:58 EDT, 3 minutes from this one")
        #expect(!refused.stderr.contains("01:58,"), "\(refused)")
    }
}
