import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore
import Testing

/// The typed requests the executable builds once from its arguments: each parse and each check
/// is the library's, so a command line and a test meet the same one.
@Suite struct TypedRequestTests {
    let today = CivilDate(year: 2026, month: 11, day: 22)

    @Test func aDayRangeIsOneOfADayASpanOrTheLastDays() throws {
        let none = DayRangeRequest(date: nil, from: nil, to: nil, days: nil)
        #expect(try none.days(today: today, otherwise: .all) == .all)
        let lastThree = DayRangeRequest(date: nil, from: nil, to: nil, days: 3)
        #expect(
            try lastThree.days(today: today, otherwise: .all) == DayRange(first: today.adding(days: -2), last: today))
        let day = try #require(GivenDay("2026-11-20"))
        let twentieth = CivilDate(year: 2026, month: 11, day: 20)
        let oneDay = DayRangeRequest(date: day, from: nil, to: nil, days: nil)
        #expect(try oneDay.days(today: today, otherwise: .all) == DayRange(first: twentieth, last: twentieth))
        let several = DayRangeRequest(date: day, from: nil, to: nil, days: 3)
        #expect(throws: InputError("give one of --date, --from/--to and --days, not several")) {
            try several.days(today: today, otherwise: .all)
        }
        let backwards = DayRangeRequest(date: nil, from: GivenDay("2026-11-21"), to: day, days: nil)
        #expect(throws: InputError("--from 2026-11-21 is after --to 2026-11-20; give a --from on or before --to")) {
            try backwards.days(today: today, otherwise: .all)
        }
        #expect(throws: InputError.self) {
            try DayRangeRequest(date: nil, from: nil, to: nil, days: 0).days(today: today, otherwise: .all)
        }
    }

    @Test func aTestAlarmRingsFrom5SecondsTo24HoursAhead() throws {
        #expect(try TestAlarmDelay("5s").seconds == 5)
        #expect(try TestAlarmDelay("24h").seconds == 86400)
        #expect(TestAlarmDelay.standard.seconds == 60)
        for refused in ["4s", "24h1s", "soon"] {
            #expect(throws: InputError.self, "\(refused)") { try TestAlarmDelay(refused) }
        }
    }

    @Test func aSessionLasts30SecondsTo4Hours() throws {
        #expect(try MeditationLength("10 minutes").seconds == 600)
        #expect(try MeditationLength("30s").seconds == 30)
        #expect(try MeditationLength("4h").seconds == 4 * 3600)
        #expect(
            throws: InputError(
                "'29s' is shorter than a session may be: 30 seconds at least; give 30s or more, such as 10m")
        ) {
            try MeditationLength("29s")
        }
        #expect(
            throws: InputError(
                "'4h1m' is longer than a session may be: 4 hours at most; give 4h or less, such as 1h30m")
        ) {
            try MeditationLength("4h1m")
        }
    }

    @Test func anAmbientSoundIsANoiseByNameOrASoundFile() throws {
        #expect(try AmbientChoice("Brown-Noise").setting == "brown-noise")
        #expect(try AmbientChoice("none").setting == "none")
        #expect(throws: InputError.self) { try AmbientChoice("rain") }
        // Not there: refused when given, not silent when the session starts.
        #expect(throws: InputError.self) { try AmbientChoice("/nonexistent/rain.ogg") }
    }

    @Test func anIDPrefixNamesOneRowOrSaysWhyNot() throws {
        let ids = IDPrefix(what: "session", listedBy: "nudge meditations")
        #expect(throws: InputError.self) { try ids.check("ab cd") }
        try ids.check("ext-1")
        #expect(try ids.resolve(PrefixMatch.found("3f2a9c1e"), prefix: "3f2a") == "3f2a9c1e")
        let tooShort = #expect(throws: CommandFailure.self) {
            try ids.resolve(PrefixMatch<String>.none, prefix: "3f")
        }
        #expect(tooShort?.message.contains("too short") == true && tooShort?.exitCode == 64)
        let ambiguous = #expect(throws: CommandFailure.self) {
            try ids.resolve(PrefixMatch<String>.ambiguous(["3f2a9c1e-aa", "3f2a0000-bb"]), prefix: "3f2a")
        }
        #expect(ambiguous?.message.hasPrefix("'3f2a' starts 2 session ids (3f2a9c1e, 3f2a0000)") == true)
    }
}
