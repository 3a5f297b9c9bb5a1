import Foundation
import NudgeTestSupport
import Testing

/// A repeating own reminder whose first time falls in the spring-forward gap (hostile round 31
/// of issue 42): the feed started its RRULE at 01:30 on the gap night, calcurse moved that start
/// to 02:30 and showed every later Sunday at 02:30 while nudge reminds at 01:30. The rule starts
/// on the first day its time exists; the gap night is an event of its own, at nudge's 02:00.
@Suite(.enabled(if: CalendarReaders.hasCalcurse, CalendarReaders.calcurseMissing))
struct CalendarFeedGapStartTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    @Test(arguments: [
        (
            ["--weekly", "sun"], "2027-03-24T12:00:00Z", "2027-03-24", 30,
            ["2027-03-28T02:00", "2027-04-04T01:30", "2027-04-11T01:30", "2027-04-18T01:30"]
        ),
        (
            ["--daily"], "2027-03-28T00:30:00Z", "2027-03-28", 4,
            ["2027-03-28T02:00", "2027-03-29T01:30", "2027-03-30T01:30", "2027-03-31T01:30"]
        ),
    ])
    func calcurseShowsEachDayAtNudgesTime(repeats: [String], now: String, from: String, days: Int, times: [String])
        throws
    {
        let environment = ["TZ": "Europe/London", "NUDGE_FAKE_NOW": now]
        let added = InProcessNudge.run(
            ["remind", "Pills box"] + repeats + ["--at", "01:30", "--store", store], environment: environment)
        try #require(added.status == 0, "\(added)")
        let feed = directory.file("feed.ics")
        let exported = InProcessNudge.run(
            ["upcoming", "--format", "ics", "--days", String(days), "--output", feed, "--store", store],
            environment: environment)
        try #require(exported.status == 0, "\(exported)")
        let calendar = try CalendarReaders.calcurse(
            feed, from: from, days: days, zone: "Europe/London", in: directory.path
        ).filter { $0.hasSuffix(" Pills box") }
        #expect(calendar == times.map { "\($0) Pills box" }, "\(calendar)")
    }
}
