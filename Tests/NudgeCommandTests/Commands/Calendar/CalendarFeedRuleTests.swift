import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// The feed's own repeating reminders on the days where a calendar reading their RRULE by RFC
/// 5545 could show another time than nudge: the nights the clock changes, and a monthly 29th or
/// 30th in a shorter month. Read by Python's icalendar with dateutil and by calcurse.
@Suite(.enabled(if: CalendarReaders.hasPythonICalendar, CalendarReaders.pythonMissing))
struct CalendarFeedRuleTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    func nudge(_ arguments: [String], _ environment: [String: String]) -> CommandResult {
        InProcessNudge.run(arguments + ["--store", store], environment: environment)
    }

    /// A daily reminder at a time the night's change skips (at the gap's end in nudge, the
    /// gap's length later by RFC 5545) or has twice (the first in both), set a week before the
    /// night and on its eve (its DTSTART that night: the hostile round's 02:30 in New York,
    /// and a DTSTART written at 03:00, or in UTC, would be every later day's time).
    @Test(arguments: [
        ("America/New_York", "2027-03-13T12:00:00-05:00", "02:30", "2027-03-14T03:00:00-04:00"),
        ("America/New_York", "2027-11-06T12:00:00-04:00", "01:30", "2027-11-07T01:30:00-04:00"),
        ("Australia/Lord_Howe", "2027-10-02T12:00:00+10:30", "02:15", "2027-10-03T02:30:00+11:00"),
        ("Australia/Lord_Howe", "2027-04-03T12:00:00+11:00", "01:45", "2027-04-04T01:45:00+11:00"),
    ])
    func aNightTheClockChangesIsAtNudgesInstant(zone: String, now: String, time: String, night: String) throws {
        let start = try #require(Timestamp.parse(now))
        let weekBefore = Timestamp.format(start.addingTimeInterval(-7 * 86400))
        for (title, setAt) in [("Set a week before", weekBefore), ("Set on the eve", now)] {
            let result = nudge(
                ["remind", title, "--every", "1d", "--at", time], ["TZ": zone, "NUDGE_FAKE_NOW": setAt])
            try #require(result.status == 0, "\(result)")
        }
        let environment = ["TZ": zone, "NUDGE_FAKE_NOW": now]
        let feed = directory.file("feed.ics")
        #expect(nudge(["upcoming", "--format", "ics", "--days", "5", "--output", feed], environment).status == 0)
        let listed = nudge(["upcoming", "--json", "--limit", "1000"], environment)
        let end = start.addingTimeInterval(4 * 86400)
        let expected = try CalendarFeedTests.occurrences(listed.stdout, after: start, before: end)
            .filter { $0.hasSuffix(" Set a week before") || $0.hasSuffix(" Set on the eve") }
        let reading = try CalendarReaders.read(feed, from: start, to: end)
        let found = reading.events.filter { $0.summary.hasPrefix("Set ") }
            .flatMap { event in event.instants.map { "\($0) \(event.summary)" } }.sorted()
        #expect(found == expected, "feed and listing differ: \(Set(found).symmetricDifference(expected).sorted())")
        let instant = try #require(Timestamp.parse(night))
        let onTheNight = found.filter { $0.hasPrefix("\(Int(instant.timeIntervalSince1970)) ") }
        #expect(onTheNight.count == 2, "both at nudge's instant \(night): \(found)")
        #expect(found.count == 8, "each on each of the span's 4 nights, once")
    }

    /// Exported on the spring-forward day after nudge showed a gap time at the gap's end: the
    /// rule's reading of that day (the gap's length later) is still to come and must be left
    /// out too (hostile round of issue 42: a calendar rang 02:30's at 03:30, 30 minutes after
    /// nudge), for a daily and a weekly one, an hour's gap and Lord Howe's half hour.
    @Test(arguments: [
        ("America/New_York", "02:30", "2027-03-14T03:10:00-04:00"),
        ("America/New_York", "02:45", "2027-03-14T03:00:14-04:00"),
        ("Australia/Lord_Howe", "02:15", "2027-10-03T02:40:00+11:00"),
    ])
    func aGapTimePassedIsNotLeftToTheCalendarsReading(zone: String, time: String, now: String) throws {
        let start = try #require(Timestamp.parse(now))
        let setAt = Timestamp.format(start.addingTimeInterval(-86400))
        for command in [
            ["remind", "Daily", "--every", "1d", "--at", time], ["remind", "Sunday", "--weekly", "sun", "--at", time],
        ] {
            let result = nudge(command, ["TZ": zone, "NUDGE_FAKE_NOW": setAt])
            try #require(result.status == 0, "\(result)")
        }
        let environment = ["TZ": zone, "NUDGE_FAKE_NOW": now]
        let feed = directory.file("feed.ics")
        #expect(nudge(["upcoming", "--format", "ics", "--days", "9", "--output", feed], environment).status == 0)
        let listed = nudge(["upcoming", "--json", "--limit", "1000"], environment)
        let end = start.addingTimeInterval(8 * 86400)
        let expected = try CalendarFeedTests.occurrences(listed.stdout, after: start, before: end)
        let reading = try CalendarReaders.read(feed, from: start, to: end)
        let found = reading.events.flatMap { event in event.instants.map { "\($0) \(event.summary)" } }.sorted()
        #expect(found == expected, "feed and listing differ: \(Set(found).symmetricDifference(expected).sorted())")
        let own = found.filter { $0.hasSuffix(" Daily") || $0.hasSuffix(" Sunday") }
        let nextDay = Int(start.timeIntervalSince1970) + 20 * 3600
        #expect(own.allSatisfy { Int($0.prefix { $0 != " " }) ?? 0 > nextDay }, "nothing more on the gap day: \(own)")
        #expect(own.filter { $0.hasSuffix(" Daily") }.count == 8 && own.filter { $0.hasSuffix(" Sunday") }.count == 1)
    }

    /// A daily reminder shown at 18:00 and snoozed: that day is its snooze's event at 19:05,
    /// not also the rule's 18:00 (hostile round 29 of issue 42: the calendar had both).
    @Test func aSnoozedDayIsItsSnoozeAlone() throws {
        func at(_ instant: String) -> [String: String] { ["TZ": "America/New_York", "NUDGE_FAKE_NOW": instant] }
        #expect(nudge(["remind", "Water", "--daily", "--at", "18:00"], at("2027-01-10T12:00:00-05:00")).status == 0)
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title) VALUES
                (15, 'reminder:1:2027-01-11:1800', 'reminder', '2027-01-11T23:00:00Z', '2027-01-11T23:00:00Z', 'Water')
            """)
        let snoozed = nudge(["ack", "15", "snooze"], at("2027-01-11T18:05:00-05:00"))
        try #require(snoozed.status == 0, "\(snoozed)")
        let feed = directory.file("feed.ics")
        let exported = nudge(
            ["upcoming", "--format", "ics", "--days", "3", "--output", feed], at("2027-01-11T18:10:00-05:00"))
        #expect(exported.status == 0, "\(exported)")
        let start = try #require(Timestamp.parse("2027-01-11T17:00:00-05:00"))
        let reading = try CalendarReaders.read(feed, from: start, to: start.addingTimeInterval(26 * 3600))
        let instants = reading.events.filter { $0.summary == "Water" }.flatMap(\.instants).sorted()
        let expected = ["2027-01-11T19:05:00-05:00", "2027-01-12T18:00:00-05:00"].compactMap(Timestamp.parse)
        #expect(instants == expected.map { Int($0.timeIntervalSince1970) }, "\(instants)")
    }

    /// `--monthly 29`, `30` and `31`: the day, or a shorter month's last day, in February of a
    /// leap year and of a common one, as nudge lists them. calcurse ignores BYSETPOS (read
    /// so, `28,29,30;BYSETPOS=-1` was three times a month).
    @Test(.enabled(if: CalendarReaders.hasCalcurse, CalendarReaders.calcurseMissing))
    func aMonthlyDayPastThe28thIsOnTheDaysNudgeShows() throws {
        let zone = "America/New_York"
        for day in ["29", "30", "31"] {
            let result = nudge(
                ["remind", "Day \(day)", "--monthly", day, "--at", "10:00"],
                ["TZ": zone, "NUDGE_FAKE_NOW": "2027-01-15T12:00:00-05:00"])
            try #require(result.status == 0, "\(result)")
        }
        // Over two Februaries, 2027's and the leap year's.
        let now = "2027-11-15T12:00:00-05:00"
        let environment = ["TZ": zone, "NUDGE_FAKE_NOW": now]
        let feed = directory.file("feed.ics")
        #expect(nudge(["upcoming", "--format", "ics", "--days", "366", "--output", feed], environment).status == 0)
        let listed = nudge(["upcoming", "--json", "--limit", "10000"], environment)
        let start = try #require(Timestamp.parse(now))
        let end = start.addingTimeInterval(365 * 86400)
        let expected = try CalendarFeedTests.occurrences(listed.stdout, after: start, before: end)
            .filter { $0.contains(" Day ") }
        #expect(expected.count == 36, "each of the three on each of 12 months")

        let reading = try CalendarReaders.read(feed, from: start, to: end)
        let found = reading.events.filter { $0.summary.hasPrefix("Day ") }
            .flatMap { event in event.instants.map { "\($0) \(event.summary)" } }.sorted()
        #expect(found == expected, "dateutil: \(Set(found).symmetricDifference(expected).sorted())")

        let clock = WallClock(zone: .system(zone))
        let local = try expected.map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            let instant = Date(timeIntervalSince1970: try #require(Double(parts[0])))
            return "\(clock.date(of: instant))T\(clock.timeOfDay(instant)) \(parts[1])"
        }
        let calendar = try CalendarReaders.calcurse(
            feed, from: "2027-11-16", days: 365, zone: zone, in: directory.path
        ).filter { $0.contains(" Day ") }
        #expect(calendar.sorted() == local.sorted(), "calcurse: \(Set(calendar).symmetricDifference(local).sorted())")
        #expect(local.contains("2028-02-29T10:00 Day 30") && local.contains("2028-02-29T10:00 Day 29"))
    }

    /// A daily reminder at midnight: calcurse dropped it from the feed ("rrule does not match
    /// start day") while the feed's events had no length.
    @Test(.enabled(if: CalendarReaders.hasCalcurse, CalendarReaders.calcurseMissing))
    func aDailyReminderAtMidnightReachesCalcurse() throws {
        let environment = ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2027-01-15T12:00:00-05:00"]
        #expect(nudge(["remind", "Midnight check", "--daily", "--at", "00:00"], environment).status == 0)
        let feed = directory.file("feed.ics")
        #expect(nudge(["upcoming", "--format", "ics", "--days", "3", "--output", feed], environment).status == 0)
        let calendar = try CalendarReaders.calcurse(
            feed, from: "2027-01-16", days: 3, zone: "America/New_York", in: directory.path
        ).filter { $0.contains("Midnight check") }
        #expect(
            calendar == [
                "2027-01-16T00:00 Midnight check", "2027-01-17T00:00 Midnight check", "2027-01-18T00:00 Midnight check",
            ], "\(calendar)")
    }
}
