import Foundation
import Testing

@testable import NudgeCore

/// Times as a person reads them, on a 24-hour or a 12-hour clock.
@Suite struct ClockFormatTests {
    @Test(arguments: [
        (0, 5, "00:05", "12:05 AM"), (9, 30, "09:30", "9:30 AM"), (12, 0, "12:00", "12:00 PM"),
        (12, 30, "12:30", "12:30 PM"), (22, 10, "22:10", "10:10 PM"), (23, 59, "23:59", "11:59 PM"),
    ])
    func eachClockSaysTheTimeItsWay(hour: Int, minute: Int, twentyFour: String, twelve: String) throws {
        let time = try #require(LocalTime(hour: hour, minute: minute))
        #expect(ClockFormat.twentyFourHour.text(time) == twentyFour)
        #expect(ClockFormat.twelveHour.text(time) == twelve)
        // What is shown on a 12-hour clock is read back as the same time.
        #expect(LocalTime(parsing: twelve) == time)
    }

    /// The dose window's alarm text follows the clock: 2:45 AM in New York on a 12-hour clock.
    @Test func theDoseAlarmTextFollowsTheClock() throws {
        let dose1 = try #require(Timestamp.parse("2026-11-21T05:00:00Z"))  // 00:00 in New York
        let night = DoseSession(sessionID: "S", sessionDate: "2026-11-20", dose1: dose1)
        let zone = ZoneRules.system("America/New_York")
        let at = dose1.addingTimeInterval(150 * 60)
        func body(_ format: ClockFormat) -> String {
            DoseReminder.notification(
                .windowOpen, session: night, settings: Settings(), now: at, clock: WallClock(zone: zone, format: format)
            ).body
        }
        #expect(body(.twelveHour) == "Alarm at 2:45 AM. The window closes at 4:00 AM (90 min left).")
        #expect(body(.twentyFourHour) == "Alarm at 02:45. The window closes at 04:00 (90 min left).")
        let clock = WallClock(zone: zone, format: .twelveHour)
        #expect(
            InstantInput.describe(at, now: at, clock: clock) == "2:30 AM today, 2026-11-21 2:30 AM EST")
    }
}
