import Foundation
import NudgeTestSupport
import Testing

/// `call remind --on DAY --at '01:30 EST'` (and `call reminders edit`): a time of day in a named
/// zone goes with --on or --in as a time of day alone does, read in that zone on that day
/// (hostile round of issue 40: refused as "names its day"). New York, the day before the
/// fall-back night of 1 November 2026, when 01:30 comes twice.
@Suite struct CallRemindZonedTimeTests: CommandScenario {
    let directory = TemporaryDirectory()
    let environment = ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-10-31T12:00:00-04:00"]

    func dueAt(_ id: String) throws -> String? {
        try StoreQuery.rows(store, "SELECT due_at FROM call_reminders WHERE id = \(id)").first?["due_at"] ?? nil
    }

    @Test func aZonedTimeOfDayTakesTheDayOfOnOrIn() throws {
        #expect(nudge("contacts", "add", "Joanna").status == 0)
        let second = nudge("call", "remind", "Joanna", "--on", "tomorrow", "--at", "01:30 EST")
        #expect(second.status == 0, "\(second)")
        #expect(try dueAt("1") == "2026-11-01T06:30:00Z")
        let first = nudge("call", "remind", "Joanna", "--in", "1", "--at", "01:30 EDT")
        #expect(first.status == 0, "\(first)")
        #expect(try dueAt("2") == "2026-11-01T05:30:00Z")
        let moved = nudge("call", "reminders", "edit", "1", "--on", "2026-11-02", "--at", "09:00 UTC")
        #expect(moved.status == 0, "\(moved)")
        #expect(try dueAt("1") == "2026-11-02T09:00:00Z")
    }

    @Test func aZoneTheClockHasNotThatDayIsRefusedInWordsThatSaySo() throws {
        #expect(nudge("contacts", "add", "Joanna").status == 0)
        try InProcessNudge.expectRefusal(
            ["call", "remind", "Joanna", "--on", "2026-11-10", "--at", "09:00 EDT"], store: store,
            environment: environment,
            mentioning:
                "--at '09:00 EDT' is no time on 2026-11-10 on this clock (it is not EDT then); give the time without its zone, or the zone the clock has that day\n"
        )
    }
}
