import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

@Suite struct WallClockTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var zone: String
        var local: String
        var expected: String?
        var testDescription: String { "\(zone) \(local)" }
    }

    /// Expected instants checked against Python's zoneinfo; gaps resolve to the transition
    /// instant (the first after the gap), overlaps to the first occurrence (fold 0).
    static let cases: [Case] = [
        // New York: spring forward 02:00 -> 03:00 on 2026-03-08, fall back 02:00 -> 01:00 on 2026-11-01.
        Case(zone: "America/New_York", local: "2026-03-08 02:30", expected: "2026-03-08T07:00:00Z"),
        Case(zone: "America/New_York", local: "2026-03-08 02:00", expected: "2026-03-08T07:00:00Z"),
        Case(zone: "America/New_York", local: "2026-03-08 01:59", expected: "2026-03-08T06:59:00Z"),
        Case(zone: "America/New_York", local: "2026-03-08 03:00", expected: "2026-03-08T07:00:00Z"),
        Case(zone: "America/New_York", local: "2026-11-01 01:30", expected: "2026-11-01T05:30:00Z"),
        Case(zone: "America/New_York", local: "2026-11-01 20:00", expected: "2026-11-02T01:00:00Z"),
        // London and Dublin (negative DST in tzdata: winter is the "saving"): same instants.
        Case(zone: "Europe/London", local: "2026-03-29 01:30", expected: "2026-03-29T01:00:00Z"),
        Case(zone: "Europe/London", local: "2026-10-25 01:30", expected: "2026-10-25T00:30:00Z"),
        Case(zone: "Europe/Dublin", local: "2026-03-29 01:30", expected: "2026-03-29T01:00:00Z"),
        Case(zone: "Europe/Dublin", local: "2026-10-25 01:30", expected: "2026-10-25T00:30:00Z"),
        Case(zone: "Europe/Dublin", local: "2026-07-01 20:00", expected: "2026-07-01T19:00:00Z"),
        Case(zone: "Europe/Dublin", local: "2026-12-01 20:00", expected: "2026-12-01T20:00:00Z"),
        // Lord Howe: a 30-minute DST, 02:00 -> 02:30 and 02:00 -> 01:30.
        Case(zone: "Australia/Lord_Howe", local: "2026-10-04 02:15", expected: "2026-10-03T15:30:00Z"),
        Case(zone: "Australia/Lord_Howe", local: "2026-04-05 01:45", expected: "2026-04-04T14:45:00Z"),
        Case(zone: "Australia/Lord_Howe", local: "2026-04-05 02:00", expected: "2026-04-04T15:30:00Z"),
        // Kathmandu: +05:45, no DST.
        Case(zone: "Asia/Kathmandu", local: "2026-11-21 20:00", expected: "2026-11-21T14:15:00Z"),
        Case(zone: "Asia/Kathmandu", local: "2026-06-21 00:00", expected: "2026-06-20T18:15:00Z"),
        // Chatham: +12:45 / +13:45, changing at 02:45 local.
        Case(zone: "Pacific/Chatham", local: "2026-09-27 03:00", expected: "2026-09-26T14:00:00Z"),
        Case(zone: "Pacific/Chatham", local: "2026-04-05 03:00", expected: "2026-04-04T13:15:00Z"),
        Case(zone: "Pacific/Chatham", local: "2026-11-21 20:00", expected: "2026-11-21T06:15:00Z"),
        // Apia skipped 2011-12-30 entirely when it crossed the date line.
        Case(zone: "Pacific/Apia", local: "2011-12-29 09:00", expected: "2011-12-29T19:00:00Z"),
        Case(zone: "Pacific/Apia", local: "2011-12-30 09:00", expected: nil),
        Case(zone: "Pacific/Apia", local: "2011-12-30 00:00", expected: nil),
        Case(zone: "Pacific/Apia", local: "2011-12-31 09:00", expected: "2011-12-30T19:00:00Z"),
    ]

    @Test(arguments: cases)
    func resolvesLocalTimes(_ testCase: Case) throws {
        let clock = WallClock(zone: .system(testCase.zone))
        let day = try #require(CivilDate(iso: testCase.local.prefix(10)))
        let time = try #require(LocalTime(parsing: String(testCase.local.suffix(5))))
        let instant = clock.instant(on: day, at: time)
        #expect(instant.map(Timestamp.format) == testCase.expected)
    }

    static let zonesWithTransitions = [
        "America/New_York", "Europe/London", "Europe/Dublin", "Australia/Lord_Howe", "Asia/Kathmandu",
        "Pacific/Chatham", "America/Havana", "America/Santiago", "Asia/Tehran", "Africa/Casablanca",
    ]

    /// Every day of two years at the times most exposed to transitions: exactly one instant a
    /// day, always on that local day or just after its gap, and strictly increasing.
    @Test(arguments: zonesWithTransitions)
    func neverSkipsNorDoublesADay(zone: String) throws {
        let clock = WallClock(zone: .system(zone))
        for time in ["00:00", "00:30", "01:30", "02:00", "02:30", "03:00", "23:30"] {
            let local = try #require(LocalTime(parsing: time))
            var previous: Date?
            var day = CivilDate(year: 2026, month: 1, day: 1)
            while day.year < 2028 {
                let instant = try #require(clock.instant(on: day, at: local), "\(zone) skipped \(day) \(time)")
                if let previous { #expect(instant > previous, "\(zone) \(day) \(time) not after the day before") }
                let (date, seconds) = clock.local(instant)
                let isExact = date == day && seconds == local.secondsOfDay
                let isAfterGap =
                    instant.timeIntervalSince1970 > 0
                    && clock.offset(at: Int(instant.timeIntervalSince1970) - 1)
                        != clock.offset(at: Int(instant.timeIntervalSince1970))
                #expect(isExact || isAfterGap, "\(zone) \(day) \(time) resolved to \(Timestamp.format(instant))")
                previous = instant
                day = day.adding(days: 1)
            }
        }
    }

    @Test func localDateOfAnInstant() throws {
        let clock = WallClock(zone: .system("America/New_York"))
        let instant = try #require(Timestamp.parse("2026-11-22T03:30:00Z"))
        #expect(clock.date(of: instant) == CivilDate(year: 2026, month: 11, day: 21))
    }
}
