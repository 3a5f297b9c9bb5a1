import Foundation
import NudgeTestSupport
import Testing

/// `--at '01:30 EST'` (issue 40): the second 01:30 of New York's fall-back night (1 November
/// 2026) is a reminder of its own, listed, in the feed and edited with its zone's name; a zone's
/// name on a time the clock reads once is refused, saying what it was read as (exit 64).
@Suite struct RemindSecondReadingTests: CommandScenario {
    let directory = TemporaryDirectory()
    /// The Saturday before the night, at noon.
    let environment = ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-10-31T12:00:00-04:00", "COLUMNS": "80"]

    /// `upcoming --json`'s instants of one reminder, from its key's start.
    func dueAt(of id: Int, _ arguments: [String] = []) throws -> [String] {
        let listed = nudge(["upcoming", "--json", "--limit", "50"] + arguments)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        return items.filter { ($0["reminder_key"] as? String)?.hasPrefix("reminder:\(id):") == true }
            .compactMap { $0["due_at"] as? String }
    }

    func offsets() throws -> [String] {
        try StoreQuery.rows(store, "SELECT COALESCE(utc_offset_minutes, 'NULL') AS o FROM own_reminders ORDER BY id")
            .map { $0["o"] ?? "" }
    }

    /// The binary itself, on the fake clock: the first and the second 01:30 are two reminders
    /// an hour apart, each said with its zone's name.
    @Test func theSecondHalfPastOneIsAReminderOfItsOwn() throws {
        let environment = environment.merging(["NUDGE_STORE": store]) { $1 }
        let first = try NudgeBinary.run(
            ["remind", "Dose", "--on", "2026-11-01", "--at", "01:30"], environment: environment)
        #expect(
            first.stdout == "added reminder 1: Dose, on 2026-11-01 at 01:30; next Sun 2026-11-01 01:30 EDT\n",
            "\(first)")
        let second = try NudgeBinary.run(
            ["remind", "Dose", "--on", "2026-11-01", "--at", "1:30 EST"], environment: environment)
        #expect(
            second.stdout == "added reminder 2: Dose, on 2026-11-01 at 01:30 EST; next Sun 2026-11-01 01:30 EST\n",
            "\(second)")
        let byOffset = try NudgeBinary.run(
            ["remind", "Dose", "--on", "2026-11-01", "--at", "01:30 -05:00"], environment: environment)
        #expect(byOffset.stdout.hasPrefix("already there, nothing added: reminder 2: "), "\(byOffset)")
        #expect(try offsets() == ["NULL", "-300"])
        #expect(try dueAt(of: 1) == ["2026-11-01T05:30:00Z"])
        #expect(try dueAt(of: 2) == ["2026-11-01T06:30:00Z"])
        let listed = try NudgeBinary.run(["reminders"], environment: environment)
        #expect(listed.stdout.contains("2   Sun 2026-11-01 01:30 EST  on 2026-11-01 at 01:30 EST"), "\(listed)")
        let feed = try NudgeBinary.run(["upcoming", "--format", "ics", "--days", "3"], environment: environment)
        #expect(feed.stdout.contains("DTSTART:20261101T053000Z\r\n"), "\(feed)")
        #expect(feed.stdout.contains("DTSTART:20261101T063000Z\r\n"), "\(feed)")
    }

    /// A daily one at the second 01:30: that night at it (in the feed an event of its own, the
    /// rule's first 01:30 left out), the nights after at their one 01:30.
    @Test func aDailyOneIsAtTheSecondReadingThatNight() throws {
        let added = nudge("remind", "Night", "--daily", "--at", "01:30 EST")
        #expect(
            added.stdout
                == "added reminder 1: Night, every day at 01:30 (EST on the fall-back night); next Sun 2026-11-01 01:30 EST\n",
            "\(added)")
        #expect(try dueAt(of: 1).prefix(2) == ["2026-11-01T06:30:00Z", "2026-11-02T06:30:00Z"])
        let feed = nudge("upcoming", "--format", "ics", "--days", "3")
        #expect(feed.stdout.contains("EXDATE;TZID=America/New_York:20261101T013000\r\n"), "\(feed)")
        #expect(feed.stdout.contains("DTSTART:20261101T063000Z\r\n"), "\(feed)")
    }

    /// `reminders edit --at` names the reading anew (a time alone is the first); an edit of the
    /// repeat alone keeps it where the new days have that night, and not elsewhere.
    @Test func anEditSetsKeepsOrClearsTheReading() throws {
        #expect(nudge("remind", "Dose", "--on", "2026-11-01", "--at", "01:30").status == 0)
        let named = nudge("reminders", "edit", "1", "--at", "01:30 EST")
        #expect(named.stdout.hasPrefix("changed reminder 1: Dose, on 2026-11-01 at 01:30 EST;"), "\(named)")
        #expect(try offsets() == ["-300"])
        #expect(nudge("reminders", "edit", "1", "--daily").status == 0)
        #expect(try offsets() == ["-300"])
        #expect(nudge("reminders", "edit", "1", "--on", "2026-11-05").status == 0)
        #expect(try offsets() == ["NULL"])
        #expect(nudge("reminders", "edit", "1", "--on", "2026-11-01", "--at", "01:30 EST").status == 0)
        let cleared = nudge("reminders", "edit", "1", "--at", "01:30")
        #expect(cleared.stdout.hasPrefix("changed reminder 1: Dose, on 2026-11-01 at 01:30;"), "\(cleared)")
        #expect(try offsets() == ["NULL"])
    }

    @Test(arguments: [
        (
            ["--on", "2026-11-02", "--at", "9:00 EST"],
            "--at '9:00 EST' is 09:00 on 2026-11-02, which your clock reads once (09:00 EST); a zone's name or offset only says which of the two readings of a fall-back night's hour is meant; give --at 09:00"
        ),
        (
            ["--daily", "--at", "9:00 EST"],
            "--at '9:00 EST': your clock reads 09:00 once on each day this reminder comes in the year ahead;"
        ),
        (
            ["--on", "2026-11-01", "--at", "01:30 CET"],
            "--at '01:30 CET': on 2026-11-01 your clock reads 01:30 twice, as 01:30 EDT and 01:30 EST, neither of them CET; give --at '01:30 EDT' or --at '01:30 EST'"
        ),
    ])
    func aNameThatPicksNoReadingIsRefused(typed: [String], naming: String) throws {
        try expectRefusal(["remind", "Water the plants"] + typed, mentioning: naming)
    }

    /// On the night, between the two: the second is still to come, the first has passed.
    @Test func onTheNightTheSecondIsStillToCome() throws {
        let between = ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-01T01:40:00-04:00"]
        let run = { (at: String) in
            InProcessNudge.run(["remind", "Dose", "--on", "today", "--at", at, "--store", store], environment: between)
        }
        let second = run("01:30 EST")
        #expect(second.stdout.hasSuffix("next Sun 2026-11-01 01:30 EST\n"), "\(second)")
        let first = run("01:30 EDT")
        #expect(first.status == 64, "\(first)")
        #expect(first.stderr.contains("01:30 EDT on 2026-11-01 has passed"), "\(first)")
    }

    /// London's night (25 October 2026): `01:30 GMT` is the second, at 01:30 UTC.
    @Test func londonsSecondHalfPastOneIsGMT() throws {
        let london = ["TZ": "Europe/London", "NUDGE_FAKE_NOW": "2026-10-24T12:00:00+01:00"]
        let added = InProcessNudge.run(
            ["remind", "Dose", "--on", "2026-10-25", "--at", "01:30 GMT", "--store", store], environment: london)
        #expect(added.stdout.hasSuffix("next Sun 2026-10-25 01:30 GMT\n"), "\(added)")
        let listed = InProcessNudge.run(["upcoming", "--json", "--store", store], environment: london)
        #expect(listed.stdout.contains("\"2026-10-25T01:30:00Z\""), "\(listed)")
    }
}
