import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// The instants people type in words, read at a fixed "now" in fixed zones, and against an
/// independent implementation on Python's zoneinfo around every DST change of a year
/// (Tests/Oracles/spoken_oracle.py).
struct SpokenInstantTests {
    /// A Wednesday evening in New York: 2026-11-25 23:42:30 EST.
    let now = Timestamp.parse("2026-11-26T04:42:30Z")!
    let clock = WallClock(zone: .system("America/New_York"))

    func past(_ typed: String) -> String? {
        GivenInstant(typed)?.resolved(now: now, clock: clock, direction: .past).map(Timestamp.format)
    }

    @Test(arguments: [
        ("yesterday 22:10", "2026-11-25T03:10:00Z"),
        ("Yesterday 10:10 PM", "2026-11-25T03:10:00Z"),
        ("10:10 PM yesterday", "2026-11-25T03:10:00Z"),
        ("22:10 yesterday", "2026-11-25T03:10:00Z"),
        ("today 9am", "2026-11-25T14:00:00Z"),
        ("monday 9:00", "2026-11-23T14:00:00Z"),
        ("mon 9:00", "2026-11-23T14:00:00Z"),
        // Today is a Wednesday: its 23:00 has passed, its 23:50 has not (a week back).
        ("wednesday 23:00", "2026-11-26T04:00:00Z"),
        ("wed 23:50", "2026-11-19T04:50:00Z"),
        ("noon", "2026-11-25T17:00:00Z"),
        ("midnight", "2026-11-25T05:00:00Z"),
        ("3 days ago", "2026-11-23T04:42:30Z"),
        ("1 week ago", "2026-11-19T04:42:30Z"),
        ("2h ago", "2026-11-26T02:42:30Z"),
        ("90 min ago", "2026-11-26T03:12:30Z"),
        ("2026-11-25 11:00 PM", "2026-11-26T04:00:00Z"),
        ("2026-11-25T11:00 PM", "2026-11-26T04:00:00Z"),
        ("2026-11-25 9:05", "2026-11-25T14:05:00Z"),
        ("2026-11-25 23:00 EST", "2026-11-26T04:00:00Z"),
        ("2026-11-25 23:00 UTC", "2026-11-25T23:00:00Z"),
        ("now", "2026-11-26T04:42:30Z"),
        ("an hour ago", "2026-11-26T03:42:30Z"),
        ("a minute ago", "2026-11-26T04:41:30Z"),
        ("1h30m ago", "2026-11-26T03:12:30Z"),
        ("1 hour 30 minutes ago", "2026-11-26T03:12:30Z"),
        ("1 week 2 days ago", "2026-11-17T04:42:30Z"),
        ("yesterday at 22:10", "2026-11-25T03:10:00Z"),
        ("at 9am", "2026-11-25T14:00:00Z"),
        // The latest Monday before today; a week back said on the day itself (a Wednesday).
        ("last monday 9:00", "2026-11-23T14:00:00Z"),
        ("9:00 last wednesday", "2026-11-18T14:00:00Z"),
        ("last wed at 23:50", "2026-11-19T04:50:00Z"),
        // A time as people also write it: a bare hour, the hour with h, four digits.
        ("monday 9", "2026-11-23T14:00:00Z"),
        ("today 9", "2026-11-25T14:00:00Z"),
        ("9", "2026-11-25T14:00:00Z"),
        ("22h", "2026-11-26T03:00:00Z"),
        ("9h30 yesterday", "2026-11-24T14:30:00Z"),
        ("0900", "2026-11-25T14:00:00Z"),
    ])
    func wordsAreTheInstantsPeopleMean(typed: String, instant: String) {
        #expect(past(typed) == instant, "\(typed)")
    }

    @Test(arguments: [
        "funday 9:00", "yesterday", "3 fortnights ago", "ago", "2026-11-25 25:00", "9999999 days ago", "",
        "1 day 2 hours ago", "30m 1h ago", "last monday", "last tomorrow 9:00", "an ago", "at",
    ])
    func otherWordsAreNotTimes(typed: String) {
        #expect(GivenInstant(typed) == nil, "\(typed)")
    }

    /// A name that is not the clock's for that time is refused with the clock's own name.
    @Test func aZoneNameThatIsNotThisClocksIsRefusedWithItsOwn() {
        #expect(
            throws: InputError(
                "--at '2026-11-25 23:00 CEST': this clock calls 2026-11-25 23:00 EST, not CEST; give it in EST or UTC")
        ) {
            try InstantInput.anyInstant(GivenInstant("2026-11-25 23:00 CEST")!, option: "--at", now: now, clock: clock)
        }
        // On a clock that is UTC, UTC once (hostile round of issue 40: "give it in UTC or UTC").
        #expect(
            throws: InputError(
                "--at '2026-11-25 23:00 CEST': this clock calls 2026-11-25 23:00 UTC, not CEST; give it in UTC")
        ) {
            try InstantInput.anyInstant(
                GivenInstant("2026-11-25 23:00 CEST")!, option: "--at", now: now, clock: WallClock(zone: .system("UTC"))
            )
        }
    }

    func future(_ typed: String) -> String? {
        GivenInstant(typed)?.resolved(now: now, clock: clock, direction: .future).map(Timestamp.format)
    }

    /// A time to come as people say it (`call remind --at`): today is a Wednesday, 23:42 EST.
    @Test(arguments: [
        ("tomorrow 9am", "2026-11-26T14:00:00Z"),
        ("9am tomorrow", "2026-11-26T14:00:00Z"),
        ("monday 9:00", "2026-11-30T14:00:00Z"),
        ("wed 23:50", "2026-11-26T04:50:00Z"),
        ("wednesday 23:00", "2026-12-03T04:00:00Z"),
        ("next wednesday 23:50", "2026-12-03T04:50:00Z"),
        ("next friday 18:00", "2026-11-27T23:00:00Z"),
        ("18:00 next friday", "2026-11-27T23:00:00Z"),
        ("in 2 minutes", "2026-11-26T04:44:30Z"),
        ("in 2h", "2026-11-26T06:42:30Z"),
        ("in 3 days", "2026-11-29T04:42:30Z"),
        ("tomorrow at 9am", "2026-11-26T14:00:00Z"),
        ("in an hour", "2026-11-26T05:42:30Z"),
        ("in 1h30m", "2026-11-26T06:12:30Z"),
        ("next friday at 18:00", "2026-11-27T23:00:00Z"),
        ("tomorrow 9", "2026-11-26T14:00:00Z"),
        ("friday 18h", "2026-11-27T23:00:00Z"),
    ])
    func wordsForATimeToCome(typed: String, instant: String) {
        #expect(future(typed) == instant, "\(typed)")
    }

    /// 1900 begins on the person's clock: in Paris (mean time, 9 min 21 s ahead of UTC) its
    /// first minutes are still 1899 in UTC, and are taken; the minute before them is not.
    @Test func theFirstDayOf1900IsTakenInAZoneAheadOfUTC() throws {
        let paris = WallClock(zone: .system("Europe/Paris"))
        let first = try InstantInput.anyInstant(
            GivenInstant("1900-01-01 00:05")!, option: "--at", now: now, clock: paris)
        #expect(Timestamp.format(first) == "1899-12-31T23:55:39Z")
        #expect(throws: InputError.self) {
            try InstantInput.anyInstant(GivenInstant("1899-12-31 23:59")!, option: "--at", now: now, clock: paris)
        }
    }

    /// The fall-back night's repeated hour: the zone's name says which 01:30 was meant.
    @Test func aZoneNameSaysWhichOfARepeatedHourItIs() {
        let after = Timestamp.parse("2026-11-01T12:00:00Z")!
        let edt = GivenInstant("2026-11-01 01:30 EDT")!.resolved(now: after, clock: clock, direction: .past)
        let est = GivenInstant("2026-11-01 01:30 EST")!.resolved(now: after, clock: clock, direction: .past)
        #expect(edt.map(Timestamp.format) == "2026-11-01T05:30:00Z")
        #expect(est.map(Timestamp.format) == "2026-11-01T06:30:00Z")
    }

    /// Days for `--date`, `--on`, `--since`: a weekday is the latest one for the past, the next one
    /// for the future, today included both ways.
    /// What nudge prints on the fall-back night is typed back (issue 40, hostile round: each of
    /// these was "not a time"): a time with its zone's name, a whole confirmation, an offset
    /// with its colon.
    @Test(arguments: [
        ("America/New_York", "01:30 EST", "2026-11-01T06:30:00Z"),
        ("America/New_York", "01:30 EDT", "2026-11-01T05:30:00Z"),
        ("America/New_York", "today 01:30 EDT", "2026-11-01T05:30:00Z"),
        ("America/New_York", "22:10 yesterday, 2026-10-31 22:10 EDT", "2026-11-01T02:10:00Z"),
        ("America/New_York", "2026-11-01 01:30 -05:00", "2026-11-01T06:30:00Z"),
        ("Australia/Lord_Howe", "2026-04-05 01:45 +10:30", "2026-04-04T15:15:00Z"),
        ("Australia/Lord_Howe", "2026-04-05 01:45 +1030", "2026-04-04T15:15:00Z"),
        ("Australia/Lord_Howe", "2026-04-05 01:45 +11", "2026-04-04T14:45:00Z"),
    ])
    func aTimeAsNudgePrintsItIsTypedBack(zone: String, typed: String, instant: String) throws {
        let now = try #require(
            Timestamp.parse(zone.hasPrefix("America") ? "2026-11-01T07:00:00Z" : "2026-04-05T12:00:00Z"))
        let resolved = GivenInstant(typed)?.resolved(now: now, clock: WallClock(zone: .system(zone)), direction: .past)
        #expect(resolved.map(Timestamp.format) == instant, "\(typed)")
    }

    @Test func daysInWordsResolveByDirection() {
        let today = CivilDate(iso: "2026-11-25")!  // a Wednesday
        #expect(GivenDay("monday")?.resolved(today: today, direction: .past) == CivilDate(iso: "2026-11-23"))
        #expect(GivenDay("monday")?.resolved(today: today, direction: .future) == CivilDate(iso: "2026-11-30"))
        #expect(GivenDay("Wed")?.resolved(today: today, direction: .future) == today)
        #expect(GivenDay("tomorrow")?.resolved(today: today, direction: .future) == CivilDate(iso: "2026-11-26"))
        #expect(GivenDay("next wed")?.resolved(today: today, direction: .future) == CivilDate(iso: "2026-12-02"))
        #expect(GivenDay("next friday")?.resolved(today: today, direction: .future) == CivilDate(iso: "2026-11-27"))
        #expect(GivenDay("last wed")?.resolved(today: today, direction: .past) == CivilDate(iso: "2026-11-18"))
        #expect(GivenDay("last monday")?.resolved(today: today, direction: .future) == CivilDate(iso: "2026-11-23"))
        #expect(GivenDay("2026-02-30") == nil && GivenDay("someday") == nil && GivenDay("next tomorrow") == nil)
    }

    static let oracle = Repository.path("Tests/Oracles/spoken_oracle.py")

    /// Around every change of 2026 in zones with ordinary, southern, 30-minute and midnight
    /// DST: each phrase, past (`yesterday 01:30`, `today 01:30 EDT`, `01:30 +10:30`) and to
    /// come (`tomorrow 02:30`, `in 2 days`), resolves where zoneinfo says.
    @Test func agreesWithZoneinfoAroundEveryChange() throws {
        let zones = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "America/Santiago", "America/Havana"]
        let result = try Subprocess.run("/usr/bin/python3", [Self.oracle, "2026"] + zones)
        #expect(result.status == 0, "\(result)")
        let cases = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(cases.filter { $0["direction"] as? String == "future" }.count > 400)
        // A time with its zone's name, as nudge prints one (issue 40, hostile round: `01:30 EST`
        // and `+10:30` were "not a time").
        #expect(cases.filter { $0["named"] as? Bool == true }.count > 250)
        for item in cases {
            let zone = try #require(item["zone"] as? String)
            let typed = try #require(item["typed"] as? String)
            let now = try #require((item["now"] as? String).flatMap(Timestamp.parse))
            let direction: InstantInput.Direction = item["direction"] as? String == "future" ? .future : .past
            let resolved = GivenInstant(typed)?.resolved(
                now: now, clock: WallClock(zone: .system(zone)), direction: direction)
            #expect(resolved.map(Timestamp.format) == item["instant"] as? String, "\(zone) at \(now): \(typed)")
        }
    }
}
