import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// `nudge remind --import` of repeats that end (RRULE COUNT, UNTIL as a UTC instant or a
/// date), across New York's spring DST change: nudge reminds at exactly the instants Python's
/// icalendar (with dateutil) finds in the file, its last one included, none after.
@Suite(.enabled(if: CalendarReaders.hasPythonICalendar, CalendarReaders.pythonMissing))
struct CalendarImportEndTests: CommandScenario {
    let directory = TemporaryDirectory()
    /// Saturday 2026-11-21, 19:10 in New York.
    let environment = CommandScenarioClock.newYorkEvening

    @Test func countAndUntilEndTheRemindersWhereTheCalendarEndsThem() throws {
        let zone = "DTSTART;TZID=America/New_York:"
        let file = directory.file("ending.ics")
        try Data(
            CalendarImportCommandTests.calendar(
                // Its 70th time, 138 days on: 2027-04-09, after the change of 14 March.
                CalendarImportCommandTests.event(
                    "UID:1", "SUMMARY:Stretch", zone + "20261122T073000", "RRULE:FREQ=DAILY;INTERVAL=2;COUNT=70",
                    alarm: "TRIGGER:PT0S"),
                // UNTIL is the very instant of Thursday 18 March's 18:00 (EDT, 22:00Z): it is the last.
                CalendarImportCommandTests.event(
                    "UID:2", "SUMMARY:Gym", zone + "20261123T180000",
                    "RRULE:FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20270318T220000Z", alarm: "TRIGGER:PT0S"),
                // A date: the whole day, read in the event's zone.
                CalendarImportCommandTests.event(
                    "UID:3", "SUMMARY:Rent", zone + "20261130T100000",
                    "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1;UNTIL=20270228",
                    alarm: "TRIGGER:PT0S"),
                // Its five times are past: it has ended.
                CalendarImportCommandTests.event(
                    "UID:4", "SUMMARY:Course", zone + "20261101T090000", "RRULE:FREQ=DAILY;COUNT=5",
                    alarm: "TRIGGER:PT0S")
            )
            .utf8
        ).write(to: URL(fileURLWithPath: file))
        let imported = nudge("remind", "--import", file)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.contains("left out: 1 event whose alarm has passed"), "Course: \(imported)")
        #expect(
            try StoreQuery.rows(store, "SELECT text, ends_on FROM own_reminders ORDER BY id") == [
                ["text": "Stretch", "ends_on": "2027-04-09"], ["text": "Gym", "ends_on": "2027-03-18"],
                ["text": "Rent", "ends_on": "2027-02-28"],
            ])

        let start = try #require(Timestamp.parse("2026-11-21T19:10:00-05:00"))
        let end = start.addingTimeInterval(366 * 86400)
        let listed = nudge("upcoming", "--json", "--limit", "10000")
        try #require(listed.status == 0, "\(listed)")
        let reminded = try CalendarFeedTests.occurrences(listed.stdout, after: start, before: end).filter {
            $0.hasSuffix(" Stretch") || $0.hasSuffix(" Gym") || $0.hasSuffix(" Rent")
        }
        let reading = try CalendarReaders.read(file, from: start, to: end)
        let read = reading.events.filter { ["Stretch", "Gym"].contains($0.summary) }.flatMap { event in
            event.instants.map { "\($0) \(event.summary)" }
        }
        #expect(reminded.filter { !$0.hasSuffix(" Rent") } == read.sorted(), "nudge and icalendar differ")
        #expect(read.filter { $0.hasSuffix(" Stretch") }.count == 70 && read.contains("1805407200 Gym"))
        // dateutil reads a date UNTIL as its midnight; nudge keeps the day, as the person wrote it.
        #expect(reminded.last { $0.hasSuffix(" Rent") } == "1803826800 Rent", "Sunday 28 February at 10:00")
    }
}
