import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

/// A reminder's end (`--until`, `--count`, an imported COUNT or UNTIL): the day of its Nth
/// time for each repeat, and no time after its last day, across a DST change.
@Suite struct OwnReminderEndTests {
    let newYork = WallClock(zone: .system("America/New_York"))

    func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    @Test(
        arguments: [
            (OwnReminderRepeat.every(days: 3, from: CivilDate(iso: "2026-11-22")!), "2026-11-22", 4, "2026-12-01"),
            (.weekly(MedicationDays(weekdays: [1, 4])), "2026-11-23", 3, "2026-11-30"),
            (.weekly(MedicationDays(weekdays: [1, 4])), "2026-11-23", 10, "2026-12-24"),
            (.weekly(MedicationDays(weekdays: [0])), "2026-11-22", 1, "2026-11-22"),
            (.monthly(day: 31), "2026-11-30", 4, "2027-02-28"), (.monthly(day: 15), "2026-11-15", 14, "2027-12-15"),
            (.on(CivilDate(iso: "2026-12-24")!), "2026-12-24", 5, "2026-12-24"),
        ] as [(OwnReminderRepeat, String, Int, String)])
    func theDayOfTheNthTime(_ repeats: OwnReminderRepeat, _ first: String, _ count: Int, _ last: String) {
        #expect(repeats.day(ofOccurrence: count, first: day(first)) == day(last))
    }

    @Test func aCountPastTheStoresYearsIsNone() {
        #expect(
            OwnReminderRepeat.every(days: 3650, from: day("2026-11-22")).day(
                ofOccurrence: 1000, first: day("2026-11-22")) == nil)
        #expect(OwnReminderRepeat.monthly(day: 1).day(ofOccurrence: 1_000_000, first: day("2026-12-01")) == nil)
        #expect(
            OwnReminderRepeat.weekly(MedicationDays(weekdays: [1])).day(
                ofOccurrence: 1_000_000, first: day("2026-11-23")) == nil)
    }

    /// Weekly through New York's spring change (14 March 2027): its last Thursday at 07:30 EDT,
    /// nothing after, and no wake looking for more once the days asked are past its end.
    @Test func nothingComesAfterTheLastDayAcrossADSTChange() {
        let since = Timestamp.parse("2026-11-21T00:00:00Z")!
        let gym = OwnReminderSchedule(
            id: 7, text: "Gym", repeats: .weekly(MedicationDays(weekdays: [1, 4])),
            time: LocalTime(hour: 7, minute: 30)!,
            since: since, endsOn: day("2027-03-18"))
        let input = RuleInput(facts: OwnReminder.Facts(reminders: [gym]), settings: Settings(), clock: newYork)
        let found = OwnReminder().occurrences(days: day("2027-03-11")...day("2027-03-25"), in: input)
        #expect(
            found.dueAt.map(Timestamp.format) == [
                "2027-03-11T12:30:00Z", "2027-03-15T11:30:00Z", "2027-03-18T11:30:00Z",
            ])
        #expect(found.horizon == nil, "ended within the days asked: nothing to look further for")
        #expect(gym.next(after: Timestamp.parse("2027-03-18T12:00:00Z")!, clock: newYork) == nil)
        #expect(
            gym.lastDay(ofNext: 2, from: Timestamp.parse("2027-03-12T00:00:00Z")!, clock: newYork) == day("2027-03-18"))
    }
}
