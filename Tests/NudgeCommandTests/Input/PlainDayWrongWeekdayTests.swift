import Foundation
import NudgeTestSupport
import Testing

/// A day as confirmations print it (`Monday 30 Nov, 10:00`) whose weekday is not that date's in
/// the year meant, the nearest (the latest for something that happened, the next for a time to
/// come) nor the one a year further, is refused naming it (hostile round of issue 40, High:
/// `Tuesday 30 Nov, 10:00` on Tuesday 1 Dec 2026 was logged for 2021, `Thursday 4 Dec` reminded
/// for 2031, with exit 0).
@Suite struct PlainDayWrongWeekdayTests: CommandScenario {
    let directory = TemporaryDirectory()
    /// Tuesday 2026-12-01 07:59:50 EST.
    let environment = ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-12-01T12:59:50Z"]

    @Test func aWeekdayNotTheNearestDatesIsRefusedNamingIt() throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        try InProcessNudge.expectRefusal(
            ["log", "symptom", "Tired", "--severity", "1", "--at", "Tuesday 30 Nov, 10:00"], store: store,
            environment: environment,
            mentioning:
                "--at 'Tuesday 30 Nov, 10:00': 30 Nov is a Monday in 2026; give 'Monday 30 Nov, 10:00' or '2026-11-30 10:00'\n"
        )
        try InProcessNudge.expectRefusal(
            ["call", "remind", "Sam", "--at", "Thursday 4 Dec, 10:00"], store: store, environment: environment,
            mentioning:
                "--at 'Thursday 4 Dec, 10:00': 4 Dec is a Friday in 2026; give 'Friday 4 Dec, 10:00' or '2026-12-04 10:00'\n"
        )
    }

    @Test func theDatesOwnWeekdayIsTakenThisYearOrTheNext() {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        let logged = nudge("log", "symptom", "Tired", "--severity", "1", "--at", "Monday 30 Nov, 10:00")
        #expect(logged.status == 0 && logged.stdout.contains("2026-11-30 10:00 EST"), "\(logged)")
        let reminded = nudge("call", "remind", "Sam", "--at", "Friday 4 Dec, 10:00")
        #expect(reminded.status == 0 && reminded.stdout.contains("2026-12-04"), "\(reminded)")
        // 4 Dec 2027 is a Saturday: a year further, not years away.
        let nextYear = nudge("call", "remind", "Sam", "--at", "Saturday 4 Dec, 10:00")
        #expect(nextYear.status == 0 && nextYear.stdout.contains("2027-12-04"), "\(nextYear)")
    }
}
