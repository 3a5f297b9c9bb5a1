import Foundation
import NudgeTestSupport
import Testing

/// Every confirmation names a time as `log symptom` does: near, with today, yesterday or
/// tomorrow; further, with the weekday first, so that a day typed wrong shows at once. The
/// scenario's now is Sunday 22 November 2026, 20:00 in Berlin.
@Suite struct ConfirmationDayTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test(arguments: [
        (
            ["call", "log", "Sam", "--at", "2026-11-16T10:00"],
            "logged a call with Sam on Monday 16 Nov, 10:00 (2026-11-16 10:00 CET)\n"
        ),
        (
            ["call", "log", "Sam", "--at", "yesterday 10:00"],
            "logged a call with Sam at 10:00 yesterday, 2026-11-21 10:00 CET\n"
        ),
        (
            ["call", "remind", "Sam", "--on", "2026-11-25", "--at", "09:00"],
            "will remind you to call Sam on Wednesday 25 Nov, 09:00 (2026-11-25 09:00 CET) (reminder 1)\n"
        ),
        (
            ["log", "symptom", "Fatigue", "--severity", "3", "--at", "2026-11-20T21:00"],
            "logged Fatigue (3) for Friday 20 Nov, 21:00 (2026-11-20 21:00 CET)\n"
        ),
    ])
    func aDayFurtherThanYesterdayIsNamedWithItsWeekday(arguments: [String], confirmation: String) throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        let result = nudge(arguments)
        #expect(result.status == 0 && result.stdout.hasPrefix(confirmation), "\(result)")
    }

    @Test func meditationsAndTheJournalSayTheDayToo() throws {
        let meditation = nudge("meditations", "add", "--at", "2026-11-18T08:00", "--minutes", "20")
        #expect(
            meditation.stdout.hasPrefix("recorded 20 minutes on Wednesday 18 Nov, 08:00 (2026-11-18 08:00 CET) (id "))
        let session = nudge("journal", "add", "--type", "oral", "--at", "2026-11-19T10:00")
        #expect(session.stdout.hasPrefix("added the session of Thursday 19 Nov, 10:00 (2026-11-19 10:00 CET) (id "))
    }

    /// What a confirmation prints for a day before yesterday is taken back where a time is
    /// (hostile round of issue 40 after A14, Medium 4): the day alone, or the whole with its
    /// date in brackets, `on` before it or not; the latest date on that weekday, which for a weekday
    /// that is not this year's date is years ago, and refused so.
    @Test(arguments: [
        ("Monday 16 Nov, 10:00", "on Monday 16 Nov, 10:00 (2026-11-16 10:00 CET)"),
        ("on Monday 16 Nov, 10:00 (2026-11-16 10:00 CET)", "on Monday 16 Nov, 10:00 (2026-11-16 10:00 CET)"),
        ("Thursday 19 Nov, 20:00 (2026-11-19 20:00 CET)", "on Thursday 19 Nov, 20:00 (2026-11-19 20:00 CET)"),
        ("monday 16 nov, 10:00 am", "on Monday 16 Nov, 10:00 (2026-11-16 10:00 CET)"),
        // A year ago, on its weekday then.
        ("Saturday 22 Nov, 09:00", "on Saturday 22 Nov, 09:00 (2025-11-22 09:00 CET)"),
    ])
    func aDayAsAConfirmationPrintsItIsTakenBack(typed: String, confirmation: String) throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        let logged = nudge("call", "log", "Sam", "--at", typed)
        #expect(logged.status == 0 && logged.stdout == "logged a call with Sam \(confirmation)\n", "\(logged)")
    }

    @Test func aWeekdayThatIsNotTheDatesIsRefused() throws {
        #expect(nudge("contacts", "add", "Sam").status == 0)
        _ = try InProcessNudge.expectRefusal(
            ["call", "log", "Sam", "--at", "Tuesday 16 Nov, 10:00"], store: store, environment: environment,
            mentioning:
                "--at 'Tuesday 16 Nov, 10:00': 16 Nov is a Monday in 2026; give 'Monday 16 Nov, 10:00' or '2026-11-16 10:00'"
        )
    }
}
