import Foundation
import NudgeTestSupport
import Testing

/// Times on London's clock-change nights (hostile round of issue 40, part D): a time with a zone's
/// name the clock never read (`01:30 BST` on the spring-forward night, when it went from 01:00
/// GMT to 02:00 BST) is refused saying why, not taken as 02:00 BST without a word; on the
/// fall-back night a 01:30 the clock read twice is the same one whether its day is typed as a
/// date or said as a weekday, and is echoed with its zone's name.
@Suite struct DaylightSavingNightInputTests: CommandScenario {
    let directory = TemporaryDirectory()

    static let skipped =
        "this clock went from 01:00 GMT to 02:00 BST on 2027-03-28, so it never read 01:30; give a time before 01:00 or from 02:00\n"

    func at(_ now: String, _ arguments: [String]) -> CommandResult {
        InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "Europe/London", "NUDGE_FAKE_NOW": now])
    }

    @Test func aZoneNameTheClockNeverShowedThenIsRefused() throws {
        let before = ["TZ": "Europe/London", "NUDGE_FAKE_NOW": "2027-03-28T00:59:30Z"]
        #expect(at("2027-03-28T00:59:30Z", ["contacts", "add", "Sam"]).status == 0)
        for time in ["01:30 BST", "today 01:30 BST", "2027-03-28 01:30 BST"] {
            try InProcessNudge.expectRefusal(
                ["call", "remind", "Sam", "--at", time], store: store, environment: before,
                mentioning: "--at '\(time)': " + Self.skipped)
        }
        try InProcessNudge.expectRefusal(
            ["call", "remind", "Sam", "--on", "2027-03-28", "--at", "01:30 BST"], store: store, environment: before,
            mentioning: "--at '01:30 BST': " + Self.skipped)
        let after = ["TZ": "Europe/London", "NUDGE_FAKE_NOW": "2027-03-28T03:59:30Z"]
        for time in ["01:30 BST", "2027-03-28 01:30 BST"] {
            try InProcessNudge.expectRefusal(
                ["log", "symptom", "Tired", "--severity", "2", "--at", time], store: store, environment: after,
                mentioning: "--at '\(time)': " + Self.skipped)
        }
    }

    @Test func aTimeReadTwiceIsTheSameOneWhicheverWayItsDayIsNamed() throws {
        // After both 01:30s: the latest, GMT; before both: the first, BST.
        for (name, time) in [("Tired", "sunday 01:30"), ("Sore", "2026-10-25 01:30"), ("Dizzy", "today 01:30")] {
            let logged = at("2026-10-25T03:00:00Z", ["log", "symptom", name, "--severity", "2", "--at", time])
            #expect(logged.stdout.contains("2026-10-25 01:30 GMT"), "\(time): \(logged)")
        }
        #expect(at("2026-10-24T12:00:00Z", ["contacts", "add", "Sam"]).status == 0)
        for time in ["sunday 01:30", "2026-10-25 01:30"] {
            let reminded = at("2026-10-24T12:00:00Z", ["call", "remind", "Sam", "--at", time])
            #expect(reminded.status == 0 && reminded.stdout.contains("2026-10-25 01:30 BST"), "\(time): \(reminded)")
        }
    }
}
