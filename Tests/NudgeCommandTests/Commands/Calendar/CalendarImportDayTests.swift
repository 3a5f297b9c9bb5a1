import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// `nudge remind --import` reminds on the days the calendar's alarms fall on, in New York, over
/// a year crossing both clock changes, as Python's icalendar with dateutil reads the file, or
/// leaves the event out and says so (hostile round of issue 42: a Monday 09:00 in Tokyo with a
/// 10-minute alarm was imported "weekly mon", the calendar's alarm being on Sunday evening; a
/// `BYMONTHDAY=31` added the 30th of November; a series with a moved occurrence reminded it
/// twice; a second RRULE was dropped unsaid).
@Suite(.enabled(if: CalendarReaders.hasPythonICalendar, CalendarReaders.pythonMissing))
struct CalendarImportDayTests: CommandScenario {
    let directory = TemporaryDirectory()
    /// Saturday 2026-11-21, 19:10 in New York.
    let environment = CommandScenarioClock.newYorkEvening
    let newYork = WallClock(zone: .system("America/New_York"))

    static func event(_ title: String, _ start: String, _ rule: String, alarm: String = "TRIGGER:-PT10M") -> String {
        CalendarImportCommandTests.event("UID:\(title)", "SUMMARY:\(title)", start, rule, alarm: alarm)
    }

    /// In zones that change their clocks on New York's days: the alarm's day on New York's
    /// clock, a day later than the event's for Chicago's and Los Angeles's late evenings.
    static let kept = [
        event("ChicagoLateMonday", "DTSTART;TZID=America/Chicago:20261123T234500", "RRULE:FREQ=WEEKLY;BYDAY=MO"),
        event("AngelesSunday", "DTSTART;TZID=America/Los_Angeles:20261122T220000", "RRULE:FREQ=WEEKLY;BYDAY=SU"),
        event("NewYorkThursday", "DTSTART;TZID=America/New_York:20261126T070000", "RRULE:FREQ=WEEKLY;BYDAY=TH"),
        event(
            "ThreeTwentyNinths", "DTSTART:20261029T100000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=29;COUNT=3",
            alarm: "TRIGGER:PT0S"),
    ]

    static let leftOut = [
        // 00:00 UTC less 10 minutes: Sunday 18:50 in New York's winter, Monday 00:50 in summer.
        event("TokyoAfternoon", "DTSTART;TZID=Asia/Tokyo:20261123T140000", "RRULE:FREQ=WEEKLY;BYDAY=MO"),
        event("Rent31", "DTSTART:20261031T100000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=31", alarm: "TRIGGER:PT0S"),
        event("Plain31", "DTSTART:20261031T100000", "RRULE:FREQ=MONTHLY", alarm: "TRIGGER:PT0S"),
        event("Rent30", "DTSTART:20261130T100000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=30", alarm: "TRIGGER:PT0S"),
        event(
            "SixTwentyNinths", "DTSTART:20261029T100000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=29;COUNT=6",
            alarm: "TRIGGER:PT0S"),
    ]

    /// In zones whose clocks change on other days than New York's, or never: the same day, but
    /// an hour apart here for weeks or months of the year (issue 42's leftovers: a Berlin 14:30
    /// call stayed 08:30 while the calendar rang at 09:30).
    static let otherTimes = [
        event("TokyoMonday", "DTSTART;TZID=Asia/Tokyo:20261123T090000", "RRULE:FREQ=WEEKLY;BYDAY=MO"),
        event("TokyoFifteenth", "DTSTART;TZID=Asia/Tokyo:20261215T090000", "RRULE:FREQ=MONTHLY;BYMONTHDAY=15"),
        event("UTCTuesday", "DTSTART:20261124T020000Z", "RRULE:FREQ=WEEKLY;BYDAY=TU"),
        event("LordHoweSunday", "DTSTART;TZID=Australia/Lord_Howe:20261129T020000", "RRULE:FREQ=WEEKLY;BYDAY=SU"),
        event("BerlinCall", "DTSTART;TZID=Europe/Berlin:20261123T143000", "RRULE:FREQ=WEEKLY;BYDAY=MO,TH"),
    ]

    @Test func eachReminderIsOnTheCalendarsDaysOrLeftOut() throws {
        let file = directory.file("days.ics")
        try Data(
            CalendarImportCommandTests.calendar((Self.kept + Self.leftOut + Self.otherTimes).joined(separator: "\r\n"))
                .utf8
        ).write(
            to: URL(fileURLWithPath: file))
        let imported = nudge("remind", "--import", file)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.contains("left out: 5 events whose alarms fall on other days"), "\(imported)")
        #expect(
            imported.stdout.contains("left out: 5 events whose alarms' time on your clock changes through the year"),
            "\(imported)")
        #expect(imported.stdout.contains("added reminder 1: ChicagoLateMonday, weekly tue at 00:35"), "\(imported)")
        #expect(imported.stdout.contains("AngelesSunday, weekly mon at 00:50"), "\(imported)")
        #expect(imported.stdout.contains("NewYorkThursday, weekly thu at 06:50"), "\(imported)")

        let start = try #require(Timestamp.parse("2026-11-21T19:10:00-05:00"))
        let end = start.addingTimeInterval(366 * 86400)
        let listed = nudge("upcoming", "--json", "--limit", "10000")
        try #require(listed.status == 0, "\(listed)")
        let reminded = try CalendarFeedTests.occurrences(listed.stdout, after: start, before: end).compactMap {
            line -> String? in
            let (seconds, title) = (line.prefix { $0 != " " }, line.drop { $0 != " " }.dropFirst())
            guard let instant = TimeInterval(seconds) else { return nil }
            return "\(minute(Date(timeIntervalSince1970: instant))) \(title)"
        }
        let reading = try CalendarReaders.read(file, from: start.addingTimeInterval(-86400), to: end)
        let read = reading.events.flatMap { event in
            let alarm = event.alarms.first.flatMap { fields in
                fields.compactMap { if case .seconds(let value) = $0 { value } else { nil } }.first
            }
            return event.instants.compactMap { instant -> String? in
                let at = Date(timeIntervalSince1970: TimeInterval(instant) + (alarm ?? 0))
                guard at > start, at < end else { return nil }
                return "\(minute(at)) \(event.summary)"
            }
        }
        let keptTitles = Set(["ChicagoLateMonday", "AngelesSunday", "NewYorkThursday"])
        let expected = read.filter { keptTitles.contains(String($0.split(separator: " ")[1])) }.sorted()
        #expect(expected.count > 150, "\(expected.count) alarms compared")
        #expect(
            reminded.filter { keptTitles.contains(String($0.split(separator: " ")[1])) }.sorted() == expected,
            "nudge's days and times and icalendar's differ")
        let twentyNinths = reminded.filter { $0.hasSuffix(" ThreeTwentyNinths") }
        #expect(twentyNinths == ["2026-11-29T10:00 ThreeTwentyNinths", "2026-12-29T10:00 ThreeTwentyNinths"])
        #expect(!reminded.contains { $0.hasSuffix("31") || $0.hasSuffix("Rent30") || $0.hasSuffix("Afternoon") })
        #expect(
            !reminded.contains { $0.contains(" Tokyo") || $0.hasSuffix(" UTCTuesday") || $0.hasSuffix(" BerlinCall") })
    }

    /// `2026-11-23T00:35`: an instant's minute on New York's clock.
    func minute(_ instant: Date) -> String { "\(newYork.date(of: instant))T\(newYork.timeOfDay(instant))" }

    /// A daily series with its 3 December moved from 09:00 to 11:00 (RECURRENCE-ID): the series
    /// is left out (as one with EXDATE), never reminded beside the moved one on that day; an
    /// event with two RRULEs is left out, said.
    @Test func aSeriesWithAMovedOccurrenceAndOneWithTwoRulesAreLeftOutSaid() throws {
        let file = directory.file("moved.ics")
        try Data(
            CalendarImportCommandTests.calendar(
                Self.event("Daily", "DTSTART;TZID=America/New_York:20261201T090000", "RRULE:FREQ=DAILY"),
                CalendarImportCommandTests.event(
                    "UID:Daily", "SUMMARY:Daily", "RECURRENCE-ID;TZID=America/New_York:20261203T090000",
                    "DTSTART;TZID=America/New_York:20261203T110000"),
                CalendarImportCommandTests.event(
                    "UID:Two", "SUMMARY:Two", "DTSTART:20261201T100000", "RRULE:FREQ=DAILY", "RRULE:FREQ=WEEKLY")
            ).utf8
        ).write(to: URL(fileURLWithPath: file))
        let imported = nudge("remind", "--import", file)
        #expect(imported.status == 0, "\(imported)")
        #expect(
            imported.stdout.contains("left out: 1 event with EXDATE or RDATE, or an occurrence moved or changed"),
            "\(imported)")
        #expect(imported.stdout.contains("left out: 1 event with more than one RRULE"), "\(imported)")
        #expect(
            try StoreQuery.rows(store, "SELECT text, repeat_kind FROM own_reminders") == [
                ["text": "Daily", "repeat_kind": "on"]
            ])
    }
}
