import Foundation
import NudgeTestSupport
import Testing

/// On a fall-back night a time the clock reads twice is printed with its zone's name by `dose 1`,
/// `dose status` and `dose snooze` (hostile round of issue 40: "window 01:30-02:00, alarm at
/// 01:45" did not say which 01:30 or 01:45), and a time read once is printed as always. New
/// York, 1 November 2026: 01:00 to 02:00 comes twice.
@Suite struct DoseFallBackTimesTests: CommandScenario {
    let directory = TemporaryDirectory()
    let environment = ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-10-31T23:00:00-04:00", "COLUMNS": "80"]

    func at(_ instant: String, _ arguments: String...) -> CommandResult {
        let result = InProcessNudge.run(
            arguments + ["--store", store], environment: environment.merging(["NUDGE_FAKE_NOW": instant]) { $1 })
        #expect(result.status == 0, "\(arguments): \(result)")
        return result
    }

    @Test func aTimeReadTwiceNamesItsZone() {
        let first = at("2026-10-31T23:00:00-04:00", "dose", "1")
        #expect(first.stdout.contains("; window 01:30 EDT-02:00, alarm at 01:45 EDT\n"), "\(first)")
        let status = at("2026-11-01T01:20:00-05:00", "dose", "status")
        #expect(status.stdout.contains("window    01:30 EDT-02:00\n"), "\(status)")
        #expect(status.stdout.contains("alarm     01:45 EDT\n"), "\(status)")
        #expect(status.stdout.contains("possible: the alarm would move to 01:30 EST\n"), "\(status)")
        let snoozed = at("2026-11-01T01:20:00-05:00", "dose", "snooze")
        #expect(snoozed.stdout == "snoozed: alarm at 01:30 EST (snooze 1 of 3)\n", "\(snoozed)")
    }
}
