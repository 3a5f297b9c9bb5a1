import Foundation
import NudgeTestSupport
import Testing

/// `--at` takes a time of day; given a span ahead or a day with a time, the refusal names the
/// options that take them (hostile round of issue 40), which typed back are taken. `upcoming
/// --from` with a weekday is the next one, as a listing of what is to come means.
@Suite struct TimeOfDayAdviceTests: CommandScenario {
    let directory = TemporaryDirectory()
    let environment = CommandScenarioClock.newYorkEvening

    @Test(arguments: [
        ("in 2h", "for a time from now: --in 2h", ["--in", "2h"]),
        ("friday 9am", "for a day: --on friday --at 09:00", ["--on", "friday", "--at", "09:00"]),
        ("9am next friday", "for a day: --on 'next friday' --at 09:00", ["--on", "next friday", "--at", "09:00"]),
    ])
    func aSpanOrADayGivenAsATimeOfDayNamesItsOptions(typed: String, advice: String, instead: [String]) throws {
        let refused = nudge("remind", "Water the plants", "--at", typed)
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.hasSuffix("; \(advice)\n"), "\(refused)")
        #expect((try? StoreQuery.rows(store, "SELECT id FROM own_reminders"))?.isEmpty ?? true, "nothing added")
        let taken = nudge(["remind", "Water the plants"] + instead)
        #expect(taken.status == 0, "\(taken)")
    }

    @Test func upcomingFromAWeekdayIsTheNextOne() throws {
        // Saturday 2026-11-21 19:10 in New York: the next Monday is the 23rd.
        let listed = nudge("upcoming", "--from", "monday 9:00", "--json", "--limit", "1")
        #expect(listed.status == 0, "\(listed)")
        let first = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
        ).first
        #expect((first?["due_at"] as? String)?.hasPrefix("2026-11-24T01:00:00") == true, "\(listed)")
    }
}
