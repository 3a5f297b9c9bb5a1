import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// `nudge upcoming --format ics`, read by Python's icalendar: every occurrence nudge's own
/// listing has over a year (both DST changes), at the same instant, with its alarm, in the
/// person's zone, whose VTIMEZONE agrees with the zone database; a private kind's title
/// neutral; the same UIDs from one export to the next.
@Suite(.enabled(if: CalendarReaders.hasPythonICalendar, CalendarReaders.pythonMissing))
struct CalendarFeedTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    func nudge(_ arguments: [String], _ environment: [String: String]) -> CommandResult {
        InProcessNudge.run(arguments + ["--store", store], environment: environment)
    }

    /// The same store in two zones, each with a DST change either way within the year: New
    /// York an hour, Lord Howe half an hour.
    @Test(arguments: [
        ("America/New_York", "2026-11-21T19:10:00-05:00"), ("Australia/Lord_Howe", "2026-11-21T19:10:00+11:00"),
    ])
    func theFeedHoldsEveryOccurrenceAtItsInstant(zone: String, now: String) throws {
        let environment = ["TZ": zone, "NUDGE_FAKE_NOW": now]
        for command in [
            ["remind", "Water the plants", "--every", "3d", "--at", "18:00"],
            ["remind", "Gym", "--weekly", "mon,thu", "--at", "07:30"],
            // In the spring-forward gap of both zones: nudge shows it at the gap's end.
            ["remind", "Night pill", "--every", "1d", "--at", "02:15"],
            ["remind", "Rent", "--monthly", "31", "--at", "10:00"],
            // Ending after the spring's DST change (New York's in March, Lord Howe's in April):
            // RRULE's UNTIL, which the reader must stop at as the listing does.
            ["remind", "Course", "--weekly", "mon,thu", "--at", "07:30", "--until", "2027-04-08"],
            ["remind", "Drops", "--every", "1d", "--at", "21:00", "--count", "150"],
            ["remind", "Pay, then; file \\ the claim", "--on", "2027-06-30", "--at", "09:00"],
            ["contacts", "add", "Sam", "--every", "14"],
            ["meds", "add", "modafinil", "--dose", "100mg", "--at", "08:00"],
        ] {
            let result = nudge(command, environment)
            try #require(result.status == 0, "\(command): \(result)")
        }
        let feed = directory.file("feed.ics")
        let exported = nudge(["upcoming", "--format", "ics", "--days", "366", "--output", feed], environment)
        try #require(exported.status == 0, "\(exported)")
        let listed = nudge(["upcoming", "--json", "--limit", "10000"], environment)
        try #require(listed.status == 0, "\(listed)")

        let start = try #require(Timestamp.parse(now))
        let end = start.addingTimeInterval(365 * 86400)
        let expected = try Self.occurrences(listed.stdout, after: start, before: end)
        let reading = try CalendarReaders.read(feed, from: start, to: end)
        let found = reading.events.flatMap { event in event.instants.map { "\($0) \(event.summary)" } }.sorted()
        #expect(
            found == expected, "feed and listing differ: \(Set(found).symmetricDifference(expected).sorted().prefix(6))"
        )
        #expect(expected.count > 700, "a year of daily checks, medications and reminders")
        #expect(
            reading.disagreements.isEmpty, "the VTIMEZONE disagrees with zoneinfo at \(reading.disagreements.prefix(4))"
        )
        #expect(reading.events.allSatisfy { $0.zone == zone })
        #expect(reading.events.allSatisfy { $0.alarms == [[.action("DISPLAY"), .seconds(0)]] })
        #expect(reading.events.filter { $0.summary == "Water the plants" }.count == 1, "one event with its RRULE")
        #expect(found.filter { $0.hasSuffix(" Drops") }.count == 150, "--count 150: its 150 times, no more")

        let text = try String(contentsOfFile: feed, encoding: .utf8)
        #expect(!text.lowercased().contains("modafinil"), "a private kind says only neutral words")
        #expect(text.contains("SUMMARY:Pay\\, then\\; file \\\\ the claim\r\n"))
        var status = stat()
        #expect(stat(feed, &status) == 0 && status.st_mode & 0o777 == 0o600)

        let again = directory.file("again.ics")
        #expect(nudge(["upcoming", "--format", "ics", "--days", "366", "--output", again], environment).status == 0)
        let uids = try CalendarReaders.read(again, from: start, to: end).events.map(\.uid)
        #expect(uids == reading.events.map(\.uid) && Set(uids).count == uids.count, "stable and unique UIDs")
    }

    /// `upcoming --json`'s occurrences after `start` and before `end` as the feed titles them.
    static func occurrences(_ json: String, after start: Date, before end: Date) throws -> [String] {
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return try rows.compactMap { row in
            let due = try #require((row["due_at"] as? String).flatMap(Timestamp.parse))
            guard due > start, due < end else { return nil }
            let kind = row["kind"] as? String ?? ""
            let title =
                ["symptom", "medication"].contains(kind) ? "nudge: a reminder is waiting" : row["title"] as? String
            return "\(Int(due.timeIntervalSince1970)) \(title ?? "")"
        }.sorted()
    }
}
