import Testing

@testable import NudgeCore

@Suite struct CivilDateTests {
    @Test(arguments: [
        ("1970-01-01", 0), ("2000-02-29", 11016), ("2026-11-21", 20778), ("1969-12-31", -1), ("2100-03-01", 47541),
    ])
    func daysSinceEpochRoundTrips(text: String, days: Int) throws {
        let date = try #require(CivilDate(iso: text))
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(daysSinceEpoch: days) == date)
        #expect(date.description == text)
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "26-01-01", "2026-04-31", ""])
    func refusesDatesThatDoNotExist(text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test func addsDaysAcrossMonthAndLeapDay() {
        #expect(CivilDate(year: 2028, month: 2, day: 28).adding(days: 1) == CivilDate(year: 2028, month: 2, day: 29))
        #expect(CivilDate(year: 2026, month: 12, day: 31).adding(days: 1) == CivilDate(year: 2027, month: 1, day: 1))
    }
}
