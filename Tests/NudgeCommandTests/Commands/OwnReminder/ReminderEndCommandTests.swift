import Foundation
import NudgeTestSupport
import Testing

/// `nudge remind … --until DAY | --count N` and `reminders edit ID --until | --count | --no-end`:
/// a repeating reminder's last local day, kept in `own_reminders.ends_on`, listed, and past it
/// listed as ended and never due; every bad pair refused in one line, the store unchanged.
@Suite struct ReminderEndCommandTests: CommandScenario {
    let directory = TemporaryDirectory()
    /// Saturday 2026-11-21, 19:10 in New York.
    let environment = CommandScenarioClock.newYorkEvening

    func listed(at now: String? = nil) throws -> [[String: Any]] {
        var environment = environment
        if let now { environment["NUDGE_FAKE_NOW"] = now }
        let result = InProcessNudge.run(["reminders", "--json", "--store", store], environment: environment)
        #expect(result.status == 0, "\(result)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    func endsOn() throws -> [String] {
        try StoreQuery.rows(store, "SELECT ends_on FROM own_reminders ORDER BY id").map { $0["ends_on"] ?? "" }
    }

    /// `--count 3` of Mondays and Thursdays from a Saturday: Mon 23, Thu 26, Mon 30.
    @Test func aCountIsTheDayOfItsLastTimeAndUntilIsTheDayGiven() throws {
        let counted = nudge("remind", "Gym", "--weekly", "mon,thu", "--at", "07:30", "--count", "3")
        #expect(
            counted.status == 0 && counted.stdout.contains("weekly mon,thu at 07:30 until 2026-11-30"), "\(counted)")
        let until = nudge("remind", "Stretch", "--every", "2d", "--at", "18:00", "--until", "2026-12-24")
        #expect(until.status == 0 && until.stdout.contains("until 2026-12-24"), "\(until)")
        #expect(nudge("remind", "Rent", "--monthly", "31", "--at", "10:00").status == 0)
        #expect(try endsOn() == ["2026-11-30", "2026-12-24", "NULL"])
        let list = try listed()
        #expect(
            Dictionary(
                uniqueKeysWithValues: list.map { ($0["text"] as? String ?? "", $0["ends_on"] as? String ?? "-") })
                == ["Gym": "2026-11-30", "Stretch": "2026-12-24", "Rent": "-"])
        #expect(list.allSatisfy { $0["ended"] as? Bool == false })

        // The Monday of its third time is its last: the Thursday after it is none.
        let after = try listed(at: "2026-11-30T08:00:00-05:00")
        let gym = try #require(after.first { $0["text"] as? String == "Gym" })
        #expect(gym["ended"] as? Bool == true && gym["next_at"] as? String == nil, "\(gym)")
        let table = InProcessNudge.run(
            ["reminders", "--store", store],
            environment: ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-12-01T08:00:00-05:00"])
        #expect(table.stdout.contains("ended"), "\(table)")
        let upcoming = InProcessNudge.run(
            ["upcoming", "--json", "--limit", "100", "--store", store],
            environment: ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-29T08:00:00-05:00"])
        #expect(upcoming.status == 0, "\(upcoming)")
        let due = try #require(try JSONSerialization.jsonObject(with: Data(upcoming.stdout.utf8)) as? [[String: Any]])
        #expect(
            due.filter { $0["title"] as? String == "Gym" }.compactMap { $0["due_at"] as? String } == [
                "2026-11-30T12:30:00Z"
            ], "its last time, and none after")
    }

    @Test func anEditSetsMovesOrTakesAwayTheEnd() throws {
        #expect(nudge("remind", "Gym", "--weekly", "mon,thu", "--at", "07:30", "--until", "2026-12-10").status == 0)
        let counted = nudge("reminders", "edit", "1", "--count", "2")
        #expect(counted.status == 0 && counted.stdout.contains("until 2026-11-26"), "\(counted)")
        #expect(try endsOn() == ["2026-11-26"])
        #expect(nudge("reminders", "edit", "1", "--at", "08:00").status == 0)
        #expect(try endsOn() == ["2026-11-26"], "an edit of another field keeps the end")
        #expect(nudge("reminders", "edit", "1", "--no-end").status == 0)
        #expect(try endsOn() == ["NULL"])
    }

    @Test(arguments: [
        (["remind", "x", "--every", "3d", "--at", "10:00", "--count", "0"], "--count"),
        (["remind", "x", "--every", "3d", "--at", "10:00", "--count", "2", "--until", "2026-12-01"], "not 2"),
        (
            ["remind", "x", "--on", "2026-12-01", "--at", "10:00", "--until", "2026-12-02"],
            "--until is for a repeating"
        ),
        (["remind", "x", "--weekly", "mon", "--at", "10:00", "--until", "2026-11-22"], "would not come again"),
        (["remind", "x", "--weekly", "mon", "--at", "10:00", "--until", "2026-11-20"], "--until"),
        (["remind", "--import", "a.ics", "--count", "2"], "give it alone"),
    ])
    func badEndsAreRefusedInOneLine(_ arguments: [String], _ mentioning: String) throws {
        try expectRefusal(arguments, mentioning: mentioning)
    }
}
