import Foundation
import NudgeTestSupport
import Testing

/// `nudge upcoming --from ... --json` for a daily reminder over ten years, against an independent
/// implementation of the same rules on Python's zoneinfo (Tests/Oracles/wallclock_oracle.py).
@Suite(.ownThread)
struct WallClockOracleTests {
    static let oracle = Repository.path("Tests/Oracles/wallclock_oracle.py")

    /// Every kind of rule: ordinary DST both hemispheres, negative DST (Dublin, Casablanca,
    /// Windhoek), 30-minute DST (Lord Howe), DST at midnight (Havana, Santiago, Asuncion, Beirut,
    /// Damascus, Amman, Cairo, Tehran, Sao Paulo, Gaza), odd offsets (Kathmandu, Chatham,
    /// St Johns, Adelaide, Eucla, Marquesas), a two-hour DST (Troll), zones whose standard offset
    /// moved (Moscow, Volgograd, Caracas, Pyongyang, Istanbul, Famagusta, Metlakatla, Grand Turk,
    /// Kiritimati), and one that skipped a whole day (Apia, 2011-12-30).
    static let zones = [
        "America/New_York", "Europe/London", "Europe/Dublin", "Australia/Lord_Howe", "Asia/Kathmandu",
        "Pacific/Chatham",
        "America/Havana", "America/Santiago", "America/Asuncion", "Asia/Beirut", "Asia/Damascus", "Asia/Amman",
        "Africa/Cairo",
        "Asia/Tehran", "America/Sao_Paulo", "Asia/Gaza", "Africa/Casablanca", "Africa/Windhoek", "America/St_Johns",
        "Australia/Adelaide", "Australia/Eucla", "Pacific/Marquesas", "Antarctica/Troll", "Europe/Moscow",
        "Europe/Volgograd",
        "America/Caracas", "Asia/Pyongyang", "Europe/Istanbul", "Asia/Famagusta", "America/Metlakatla",
        "America/Grand_Turk",
        "Pacific/Kiritimati", "Pacific/Apia", "Pacific/Norfolk", "Pacific/Fiji", "America/Godthab", "Europe/Chisinau",
        "America/Mexico_City", "America/Adak", "Australia/Sydney",
    ]

    /// Times around where transitions happen: just after midnight, in the usual gap, later in the night.
    static let times = ["00:30", "02:30", "03:15"]

    static let first = "2011-01-01T00:00:00Z"
    static let last = "2021-01-01T00:00:00Z"

    struct Case: Sendable, CustomTestStringConvertible {
        var zone: String
        var time: String
        var testDescription: String { "\(zone) at \(time)" }
    }

    static let cases = zones.flatMap { zone in times.map { Case(zone: zone, time: $0) } }

    @Test(arguments: cases)
    func upcomingAgreesWithZoneinfo(_ testCase: Case) throws {
        let directory = TemporaryDirectory()
        let environment = ["TZ": testCase.zone, "NUDGE_STORE": directory.file("nudge.sqlite")]
        #expect(
            try NudgeBinary.run(["settings", "set", "symptom.reminder_time", testCase.time], environment: environment)
                .status == 0)
        let listed = try NudgeBinary.run(
            ["upcoming", "--json", "--limit", "3700", "--from", "2010-12-30T00:00:00Z"], environment: environment)
        #expect(listed.status == 0, "\(listed)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let inWindow = items.compactMap { item -> (key: String, due: String)? in
            guard let key = item["reminder_key"] as? String, let due = item["due_at"] as? String, due >= Self.first,
                due < Self.last
            else { return nil }
            return (key, due)
        }

        let oracle = try Subprocess.run(
            "/usr/bin/python3", [Self.oracle, testCase.zone, testCase.time, "2010-12-29", "2021-01-02"])
        #expect(oracle.status == 0, "\(oracle)")
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(oracle.stdout.utf8)) as? [String: [String]])
        let oracleInWindow = (expected["instants"] ?? []).filter { $0 >= Self.first && $0 < Self.last }

        #expect(oracleInWindow.count >= 3650, "ten years of days")
        let mismatches = zip(inWindow.map(\.due), oracleInWindow).filter { $0 != $1 }
        #expect(
            inWindow.count == oracleInWindow.count,
            "\(inWindow.count) occurrences, the oracle has \(oracleInWindow.count)")
        #expect(mismatches.isEmpty, "first differences (nudge, oracle): \(mismatches.prefix(5))")
        // One occurrence a day: no key twice, instants strictly increasing.
        #expect(Set(inWindow.map(\.key)).count == inWindow.count)
        #expect(zip(inWindow, inWindow.dropFirst()).allSatisfy { $0.due < $1.due })
        for skipped in expected["skipped"] ?? [] {
            #expect(!inWindow.contains { $0.key == "symptom:\(skipped)" }, "\(skipped) was skipped by the zone")
        }
        if testCase.zone == "Pacific/Apia" {
            #expect(expected["skipped"] == ["2011-12-30"])
        }
    }

    /// A medication's doses through the same zone code, against the same oracle: a 02:30 dose on
    /// the spring-forward night is due at the first instant after the gap, a 01:30 one on the
    /// fall-back night at the first 01:30, once a night, over 2026 in three zones (Lord Howe's
    /// half-hour DST: 02:15 is in its gap).
    @Test(
        arguments: ["America/New_York", "Europe/London", "Australia/Lord_Howe"].flatMap { zone in
            ["02:30", "01:30", "02:15"].map { Case(zone: zone, time: $0) }
        })
    func medicationDosesAgreeWithZoneinfo(_ testCase: Case) throws {
        let directory = TemporaryDirectory()
        let environment = [
            "TZ": testCase.zone, "NUDGE_STORE": directory.file("nudge.sqlite"),
            "NUDGE_FAKE_NOW": "2025-12-20T00:00:00Z",
        ]
        for arguments in [
            ["settings", "set", "symptom.reminder_enabled", "false"],
            ["meds", "add", "modafinil", "--dose", "200mg", "--at", testCase.time],
        ] {
            let result = try NudgeBinary.run(arguments, environment: environment)
            #expect(result.status == 0, "\(result)")
        }
        let listed = try NudgeBinary.run(
            ["upcoming", "--json", "--limit", "400", "--from", "2025-12-30T00:00:00Z"], environment: environment)
        #expect(listed.status == 0, "\(listed)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let first = "2026-01-01T00:00:00Z"
        let last = "2027-01-01T00:00:00Z"
        let doses = items.compactMap { item -> String? in
            guard let key = item["reminder_key"] as? String, key.hasPrefix("medication:modafinil:"),
                let due = item["due_at"] as? String, due >= first, due < last
            else { return nil }
            return due
        }
        let oracle = try Subprocess.run(
            "/usr/bin/python3", [Self.oracle, testCase.zone, testCase.time, "2025-12-30", "2027-01-02"])
        #expect(oracle.status == 0, "\(oracle)")
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(oracle.stdout.utf8)) as? [String: [String]])
        let oracleDoses = (expected["instants"] ?? []).filter { $0 >= first && $0 < last }
        #expect(oracleDoses.count == 365)
        #expect(doses == oracleDoses, "first differences: \(zip(doses, oracleDoses).filter { $0 != $1 }.prefix(5))")
    }

    /// The person's own reminders through the same zone code, against the same oracle: a daily
    /// (`--every 1d`) 02:30 reminder on the spring-forward night is due at the first instant
    /// after the gap, a 01:30 one on the fall-back night at the first 01:30, over 2026 in three
    /// zones; and `--monthly 31` is each month's last day (28 February, 30 April).
    @Test(
        arguments: ["America/New_York", "Europe/London", "Australia/Lord_Howe"].flatMap { zone in
            ["02:30", "01:30", "02:15"].map { Case(zone: zone, time: $0) }
        })
    func ownRemindersAgreeWithZoneinfo(_ testCase: Case) throws {
        let directory = TemporaryDirectory()
        let environment = [
            "TZ": testCase.zone, "NUDGE_STORE": directory.file("nudge.sqlite"),
            "NUDGE_FAKE_NOW": "2025-12-20T00:00:00Z",
        ]
        for arguments in [
            ["settings", "set", "symptom.reminder_enabled", "false"],
            ["remind", "Daily", "--every", "1d", "--at", testCase.time],
            ["remind", "Monthly", "--monthly", "31", "--at", testCase.time],
        ] {
            let result = try NudgeBinary.run(arguments, environment: environment)
            #expect(result.status == 0, "\(result)")
        }
        let listed = try NudgeBinary.run(
            ["upcoming", "--json", "--limit", "420", "--from", "2025-12-30T00:00:00Z"], environment: environment)
        #expect(listed.status == 0, "\(listed)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let first = "2026-01-01T00:00:00Z"
        let last = "2027-01-01T00:00:00Z"
        func due(_ prefix: String) -> [(key: String, due: String)] {
            items.compactMap { item in
                guard let key = item["reminder_key"] as? String, key.hasPrefix(prefix),
                    let due = item["due_at"] as? String, due >= first, due < last
                else { return nil }
                return (key, due)
            }
        }
        let oracle = try Subprocess.run(
            "/usr/bin/python3", [Self.oracle, testCase.zone, testCase.time, "2025-12-30", "2027-01-02"])
        #expect(oracle.status == 0, "\(oracle)")
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(oracle.stdout.utf8)) as? [String: [String]])
        let oracleDays = (expected["instants"] ?? []).filter { $0 >= first && $0 < last }
        #expect(oracleDays.count == 365)
        let daily = due("reminder:1:").map(\.due)
        #expect(daily == oracleDays, "first differences: \(zip(daily, oracleDays).filter { $0 != $1 }.prefix(5))")
        // The monthly one is the daily one's instant on each month's last day.
        let lastDays = (1...12).map { month in
            let next = month == 12 ? "2027-01-01" : String(format: "2026-%02d-01", month + 1)
            return due("reminder:1:").last { $0.key < "reminder:1:\(next)" }?.due
        }
        let monthly = due("reminder:2:")
        #expect(monthly.map(\.due) == lastDays.compactMap { $0 }, "\(monthly)")
        #expect(monthly.map { String($0.key.dropLast(5).suffix(5)) }.prefix(4) == ["01-31", "02-28", "03-31", "04-30"])
    }
}
