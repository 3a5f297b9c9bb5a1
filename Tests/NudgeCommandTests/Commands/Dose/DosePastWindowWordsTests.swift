import Foundation
import NudgeTestSupport
import Testing

/// `dose 1` and `dose 2` with an `--at` that puts the window in the past say what is true
/// (hostile round of issue 40: `dose 2 --at 23:00` eight hours after the window closed was told
/// "the window opens in 120 min"; `dose 1` warned of an alarm already past). Berlin, 20:00.
@Suite struct DosePastWindowWordsTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aWindowClosedHoursAgoIsSaidClosed() throws {
        let first = nudge("dose", "1", "--at", "08:30")
        #expect(first.status == 0, "\(first)")
        #expect(
            first.stdout.hasSuffix(
                "; window 11:00-12:30: it closed at 12:30, 7h 30m ago; no alarm rings for it\n"), "\(first)")
        #expect(!first.stdout.contains("the alarm:"), "\(first)")
        try InProcessNudge.expectRefusal(
            ["dose", "2", "--at", "10:00"], store: store, environment: environment,
            mentioning:
                "dose 2 at 10:00 is 60 min before the dose-2 window opened at 11:00, and it closed at 12:30, 7h 30m ago; if it was taken then, record it with --early\n"
        )
    }

    @Test func aWindowStillToOpenCountsFromNow() throws {
        #expect(nudge("dose", "1", "--at", "19:00").status == 0)
        try InProcessNudge.expectRefusal(
            ["dose", "2", "--at", "19:30"], store: store, environment: environment,
            mentioning: "the dose-2 window opens at 21:30, in 90 min; taking dose 2 early needs --early\n")
    }
}
