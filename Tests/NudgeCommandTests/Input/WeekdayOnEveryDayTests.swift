import Foundation
import NudgeTestSupport
import Testing

/// A weekday alone means its next occurrence still ahead, and a range of weekdays the week a
/// person means, whichever day it is said on (hostile round of issue 40: the man page's own
/// `call remind Sam --on friday --at 18:00` was refused as passed on a Friday evening, and
/// `--from mon --to sun` on a Friday as --from after --to). Every weekday of a week in Berlin,
/// before and after 18:00.
@Suite struct WeekdayOnEveryDayTests: CommandScenario {
    let directory = TemporaryDirectory()

    static let nows = (23...29).flatMap { ["2026-11-\($0)T08:30:00+01:00", "2026-11-\($0)T20:00:00+01:00"] }

    @Test(arguments: nows)
    func aWeekdayAtATimeIsItsNextOccurrenceToCome(now: String) throws {
        let environment = ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": now]
        let run = { (arguments: [String]) in
            InProcessNudge.run(arguments + ["--store", store], environment: environment)
        }
        #expect(run(["contacts", "add", "Sam"]).status == 0)
        let call = run(["call", "remind", "Sam", "--on", "friday", "--at", "18:00"])
        #expect(call.status == 0, "\(now): \(call)")
        let own = run(["remind", "Pay rent", "--on", "friday", "--at", "18:00"])
        #expect(own.status == 0, "\(now): \(own)")
        let due = try #require(
            try StoreQuery.rows(store, "SELECT due_at FROM call_reminders").first?["due_at"] ?? nil)
        let instant = ISO8601DateFormatter()
        let dueAt = try #require(instant.date(from: due))
        let nowAt = try #require(instant.date(from: now))
        // A Friday at 18:00 in Berlin (17:00 UTC in November), the first after now.
        // Read in UTC, whatever the zone the tests run in.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        #expect(due.hasSuffix("T17:00:00Z") && calendar.component(.weekday, from: dueAt) == 6, "\(now): \(due)")
        #expect(dueAt > nowAt && dueAt.timeIntervalSince(nowAt) <= 7 * 86400, "\(now): \(due)")
        // The date is echoed, as the day was understood.
        let date = String(due.prefix(10))
        #expect(call.stdout.contains(date) && own.stdout.contains(date), "\(now): \(call) \(own)")
    }

    @Test(arguments: nows)
    func aRangeOfWeekdaysIsTheWeekThatHoldsToday(now: String) throws {
        let environment = ["TZ": "Europe/Berlin", "NUDGE_FAKE_NOW": now]
        let run = { (arguments: [String]) in
            InProcessNudge.run(arguments + ["--store", store], environment: environment)
        }
        #expect(run(["log", "symptom", "Headache", "--severity", "2"]).status == 0)
        let listed = run(["symptoms", "--from", "mon", "--to", "sun"])
        #expect(listed.status == 0, "\(now): \(listed)")
        #expect(listed.stdout.contains("Headache"), "\(now): \(listed)")
    }
}
