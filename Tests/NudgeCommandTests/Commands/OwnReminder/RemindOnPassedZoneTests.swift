import Foundation
import NudgeTestSupport
import Testing

/// `--on today --at 01:45` on New York's fall-back night at 01:29 EST (hostile round 31 of
/// issue 42): refused as passed, the refusal said "at 01:45", which reads as the 01:45 EST still
/// to come. It names the first, EDT, as README says times of that night carry their zone's name.
@Suite struct RemindOnPassedZoneTests: CommandScenario {
    let directory = TemporaryDirectory()
    var environment: [String: String] { ["TZ": "America/New_York", "NUDGE_FAKE_NOW": "2026-11-01T01:29:00-05:00"] }

    @Test func aPassedTimeTheNightHasTwiceNamesItsZone() throws {
        try expectRefusal(
            ["remind", "fb2", "--on", "today", "--at", "01:45"],
            mentioning: "--on 2026-11-01 at 01:45 EDT has passed; give a day and time to come")
    }

    @Test func aPassedTimeOfAnotherDayHasNoZoneName() throws {
        try expectRefusal(
            ["remind", "fb2", "--on", "today", "--at", "00:45"],
            mentioning: "--on 2026-11-01 at 00:45 has passed; give a day and time to come")
    }
}
