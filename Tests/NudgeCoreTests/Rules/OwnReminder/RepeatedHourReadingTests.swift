import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

/// A fall-back night's second 01:30 (issue 40): a reminder that names it by its zone's name or
/// offset comes at it, on that night only; the instants are Python zoneinfo's (`fold=1`, the
/// second reading), asked at run time as Tests/Oracles asks it.
@Suite struct RepeatedHourReadingTests {
    struct Night: Sendable, CustomTestStringConvertible {
        var zone: String
        var day: String
        /// The two readings' zone names, as the clock prints them.
        var names: [String]
        var testDescription: String { "\(zone) \(day)" }
    }

    static let nights = [
        Night(zone: "America/New_York", day: "2026-11-01", names: ["EDT", "EST"]),
        Night(zone: "Europe/London", day: "2026-10-25", names: ["BST", "GMT"]),
    ]

    let halfPastOne = LocalTime(hour: 1, minute: 30)!

    /// zoneinfo's instant of 01:30 on the night with `fold` (0 the first reading, 1 the second).
    func oracle(_ night: Night, fold: Int, day: String? = nil) throws -> Date {
        let script = """
            import sys; from zoneinfo import ZoneInfo; from datetime import datetime, timezone
            y, m, d = map(int, sys.argv[2].split("-"))
            t = datetime(y, m, d, 1, 30, fold=int(sys.argv[3]), tzinfo=ZoneInfo(sys.argv[1]))
            print(t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))
            """
        let run = try Subprocess.run("/usr/bin/python3", ["-c", script, night.zone, day ?? night.day, String(fold)])
        return try #require(Timestamp.parse(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(run)")
    }

    func reminder(_ repeats: OwnReminderRepeat, offset: Int?) -> OwnReminderSchedule {
        OwnReminderSchedule(
            id: 3, text: "Second dose", repeats: repeats, time: halfPastOne,
            since: Timestamp.parse("2026-10-01T00:00:00Z")!, utcOffsetMinutes: offset)
    }

    @Test(arguments: nights)
    func theSecondReadingNamedIsTheOneItComesAt(_ night: Night) throws {
        let clock = WallClock(zone: .system(night.zone))
        let day = try #require(CivilDate(iso: night.day))
        let unnamed = reminder(.on(day), offset: nil)
        for (fold, name) in night.names.enumerated() {
            let offset = try RepeatedHourReading.chosen(
                calledBy: name, typed: "01:30 \(name)", for: unnamed, today: day.adding(days: -1), clock: clock)
            let named = reminder(.on(day), offset: offset)
            #expect(named.dueAt(on: day, clock: clock) == (try oracle(night, fold: fold)), "\(name)")
            #expect(RepeatedHourReading.told(named, clock: clock) == "01:30 \(name)")
        }
        #expect(unnamed.dueAt(on: day, clock: clock) == (try oracle(night, fold: 0)), "none named: the first")
    }

    /// A daily one at the second reading: that night at it, the other days at their one 01:30.
    @Test(arguments: nights)
    func aDailyOneIsAtTheSecondReadingOnThatNightOnly(_ night: Night) throws {
        let clock = WallClock(zone: .system(night.zone))
        let day = try #require(CivilDate(iso: night.day))
        let daily = reminder(.every(days: 1, from: day.adding(days: -10)), offset: nil)
        let offset = try RepeatedHourReading.chosen(
            calledBy: night.names[1], typed: "01:30", for: daily, today: day.adding(days: -10), clock: clock)
        var named = daily
        named.utcOffsetMinutes = offset
        let input = RuleInput(facts: OwnReminder.Facts(reminders: [named]), settings: Settings(), clock: clock)
        let found = OwnReminder().occurrences(days: day.adding(days: -1)...day.adding(days: 1), in: input)
        let expected = try [-1, 0, 1].map { try oracle(night, fold: $0 == 0 ? 1 : 0, day: "\(day.adding(days: $0))") }
        #expect(found.dueAt == expected)
        #expect(found.dueAt.indices.map { found[$0].key } == [-1, 0, 1].map { named.key(on: day.adding(days: $0)) })
    }

    /// An offset works as the zone's name does; `UTC` is GMT's reading in London.
    @Test func anOffsetOrUTCNamesTheReadingAtThatOffset() throws {
        let newYork = WallClock(zone: .system("America/New_York"))
        let day = try #require(CivilDate(iso: "2026-11-01"))
        let once = reminder(.on(day), offset: nil)
        #expect(
            try RepeatedHourReading.chosen(calledBy: "-0500", typed: "", for: once, today: day, clock: newYork) == -300)
        #expect(
            try RepeatedHourReading.chosen(calledBy: "-0400", typed: "", for: once, today: day, clock: newYork) == -240)
        let london = WallClock(zone: .system("Europe/London"))
        let october = reminder(.on(try #require(CivilDate(iso: "2026-10-25"))), offset: nil)
        #expect(
            try RepeatedHourReading.chosen(calledBy: "UTC", typed: "", for: october, today: day, clock: london) == 0)
    }

    /// A name on a time the clock reads once, or a name neither reading has: refused, saying
    /// what it was read as and what to give.
    @Test func aNameThatPicksNoReadingIsRefusedWithItsFix() throws {
        let newYork = WallClock(zone: .system("America/New_York"))
        let monday = try #require(CivilDate(iso: "2026-11-02"))
        var nine = reminder(.on(monday), offset: nil)
        nine.time = LocalTime(hour: 9, minute: 0)!
        #expect(
            throws: InputError(
                "--at '9:00 EST' is 09:00 on 2026-11-02, which your clock reads once (09:00 EST); a zone's name or offset only says which of the two readings of a fall-back night's hour is meant; give --at 09:00"
            )
        ) {
            try RepeatedHourReading.chosen(calledBy: "EST", typed: "9:00 EST", for: nine, today: monday, clock: newYork)
        }
        let night = reminder(.on(try #require(CivilDate(iso: "2026-11-01"))), offset: nil)
        #expect(
            throws: InputError(
                "--at '01:30 CET': on 2026-11-01 your clock reads 01:30 twice, as 01:30 EDT and 01:30 EST, neither of them CET; give --at '01:30 EDT' or --at '01:30 EST'"
            )
        ) {
            try RepeatedHourReading.chosen(
                calledBy: "CET", typed: "01:30 CET", for: night, today: monday, clock: newYork)
        }
    }
}
