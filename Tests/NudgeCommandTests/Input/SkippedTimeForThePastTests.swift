import Foundation
import NudgeTestSupport
import Testing

/// A time London's spring-forward skipped (01:30 on 2027-03-28, when the clock went from 01:00
/// GMT to 02:00 BST), typed for something that happened in any form without a zone's name, is
/// refused as `01:30 BST` is (hostile round of issue 40, High: it was logged at 02:00 BST with
/// exit 0); a reminder at it is still due at the gap's end.
@Suite struct SkippedTimeForThePastTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    /// 04:00 BST, after the gap.
    let after = ["TZ": "Europe/London", "NUDGE_FAKE_NOW": "2027-03-28T03:00:00Z"]

    @Test func aSkippedTimeForThePastIsRefusedSayingWhy() throws {
        #expect(InProcessNudge.run(["contacts", "add", "Sam", "--store", store], environment: after).status == 0)
        for time in ["01:30", "today 01:30", "sunday 01:30", "2027-03-28 01:30", "1:30am"] {
            try InProcessNudge.expectRefusal(
                ["log", "symptom", "Tired", "--severity", "2", "--at", time], store: store, environment: after,
                mentioning: "--at '\(time)': " + DaylightSavingNightInputTests.skipped)
        }
        for command in [
            ["call", "log", "Sam"], ["meditations", "add", "--minutes", "10"], ["dose", "1"],
        ] {
            try InProcessNudge.expectRefusal(
                command + ["--at", "01:30"], store: store, environment: after,
                mentioning: "--at '01:30': " + DaylightSavingNightInputTests.skipped)
        }
        // Before the gap, 01:30 today is half an hour ahead, and never read.
        try InProcessNudge.expectRefusal(
            ["log", "symptom", "Tired", "--severity", "2", "--at", "01:30"], store: store,
            environment: ["TZ": "Europe/London", "NUDGE_FAKE_NOW": "2027-03-28T00:30:00Z"],
            mentioning: "--at '01:30': " + DaylightSavingNightInputTests.skipped)
    }

    @Test func aReminderAtASkippedTimeIsDueAtTheGapsEnd() {
        let before = ["TZ": "Europe/London", "NUDGE_FAKE_NOW": "2027-03-28T00:30:00Z"]
        #expect(InProcessNudge.run(["contacts", "add", "Sam", "--store", store], environment: before).status == 0)
        let reminded = InProcessNudge.run(
            ["call", "remind", "Sam", "--at", "2027-03-28 01:30", "--store", store], environment: before)
        #expect(reminded.status == 0 && reminded.stdout.contains("02:00 BST"), "\(reminded)")
    }
}
