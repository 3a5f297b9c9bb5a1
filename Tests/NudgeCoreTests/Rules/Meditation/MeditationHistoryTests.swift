import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// Streaks counted in streak days (a day starts at `meditation.day_starts_at`, local), and the
/// history grouped by the same days.
@Suite struct MeditationHistoryTests {
    let fourAM = LocalTime(hour: 4, minute: 0)!

    /// A completed session at a local wall-clock time in a zone, dated with that zone's offset.
    func session(_ local: String, in zone: String, minutes: Int = 10, id: String = UUID().uuidString)
        -> MeditationSession
    {
        let clock = WallClock(zone: ZoneRules.system(zone))
        let day = CivilDate(iso: local.prefix(10))!
        let time = LocalTime(parsing: String(local.suffix(5)))!
        let start = clock.instant(on: day, at: time)!
        return MeditationSession(
            id: id, startedAt: start, utcOffsetMinutes: clock.offset(at: Int(start.timeIntervalSince1970)) / 60,
            plannedSeconds: minutes * 60,
            endedAt: start.addingTimeInterval(TimeInterval(minutes * 60)), actualSeconds: minutes * 60,
            outcome: .completed, createdAt: start)
    }

    func history(_ sessions: [MeditationSession], now local: String, in zone: String) -> MeditationHistory {
        let clock = WallClock(zone: ZoneRules.system(zone))
        let now = clock.instant(
            on: CivilDate(iso: local.prefix(10))!, at: LocalTime(parsing: String(local.suffix(5)))!)!
        return MeditationHistory(listed: sessions, all: sessions, now: now, clock: clock, dayStartsAt: fourAM)
    }

    /// 21:00 on the 20th, 02:00 in the night to the 22nd (the 21st's streak day), 07:00 on the
    /// 22nd: three streak days, east and west of UTC alike.
    @Test(arguments: ["Asia/Tokyo", "America/Los_Angeles", "Pacific/Kiritimati", "Pacific/Pago_Pago"])
    func aSessionBeforeTheDayStartsCountsForTheDayBefore(zone: String) {
        let sessions = [
            session("2026-11-20T21:00", in: zone), session("2026-11-22T02:00", in: zone),
            session("2026-11-22T07:00", in: zone),
        ]
        let totals = history(sessions, now: "2026-11-22T12:00", in: zone).totals
        #expect(totals.currentStreakDays == 3 && totals.longestStreakDays == 3, "\(totals)")
        // Without the night session, the 21st has none: the streak is one day.
        let broken = history([sessions[0], sessions[2]], now: "2026-11-22T12:00", in: zone).totals
        #expect(broken.currentStreakDays == 1 && broken.longestStreakDays == 1, "\(broken)")
        // At 03:00 on the 23rd it is still the 22nd's streak day: the streak holds.
        #expect(history(sessions, now: "2026-11-23T03:00", in: zone).totals.currentStreakDays == 3)
        // A whole streak day without a session ends it; the longest stays.
        let later = history(sessions, now: "2026-11-24T05:00", in: zone).totals
        #expect(later.currentStreakDays == 0 && later.longestStreakDays == 3, "\(later)")
    }

    /// The nights the clocks change (Europe/Berlin: 2026-03-29 has 23 hours, 2026-10-25 has 25):
    /// a session each evening keeps the streak, and 02:30 on the short night counts for the day
    /// before.
    @Test func aStreakRunsAcrossTheNightsTheClocksChange() {
        let spring = ["2026-03-28T22:00", "2026-03-29T02:30", "2026-03-29T21:00", "2026-03-30T06:00"].map {
            session($0, in: "Europe/Berlin")
        }
        #expect(spring[1].streakDay(dayStartsAt: fourAM).description == "2026-03-28")
        #expect(history(spring, now: "2026-03-30T20:00", in: "Europe/Berlin").totals.currentStreakDays == 3)
        let autumn = ["2026-10-24T21:00", "2026-10-25T21:00", "2026-10-26T21:00"].map {
            session($0, in: "Europe/Berlin")
        }
        let totals = history(autumn, now: "2026-10-27T02:00", in: "Europe/Berlin").totals
        #expect(totals.currentStreakDays == 3 && totals.longestStreakDays == 3)
    }

    /// A session meditated in Tokyo at 07:00 on the 22nd (22:00 UTC on the 21st) is listed on
    /// the 22nd with its own time, read back in Berlin.
    @Test func aSessionIsDatedWhereItHappened() {
        let tokyo = session("2026-11-22T07:00", in: "Asia/Tokyo", minutes: 20, id: "tokyo")
        let berlin = session("2026-11-21T20:00", in: "Europe/Berlin", minutes: 10, id: "berlin")
        var slept = session("2026-11-20T20:00", in: "Europe/Berlin", minutes: 30, id: "slept")
        slept.outcome = .interrupted
        slept.actualSeconds = 300
        let listed = history([berlin, tokyo, slept], now: "2026-11-22T12:00", in: "Europe/Berlin")
        #expect(listed.days.map(\.date.description) == ["2026-11-22", "2026-11-21", "2026-11-20"])
        // Interrupted: listed, its day in the streak, not in the totals.
        #expect(listed.totals.currentStreakDays == 3)
        #expect(listed.days[0].sessions.map(\.id) == ["tokyo"] && tokyo.localStart.secondsOfDay == 7 * 3600)
        let totals = listed.totals
        #expect(
            totals.sessions == 2 && totals.seconds == 1800 && totals.averageSeconds == 900
                && totals.longestSeconds == 1200)
    }

    /// One day, one meaning: a session at 03:06 is listed under the day before, the day its
    /// streak counts it for.
    @Test(arguments: ["Europe/Berlin", "Pacific/Kiritimati", "America/Los_Angeles"])
    func aSessionBeforeTheDayStartsIsListedUnderTheDayBefore(zone: String) {
        let night = session("2026-11-22T03:06", in: zone, id: "night")
        let evening = session("2026-11-21T21:00", in: zone, id: "evening")
        let morning = session("2026-11-22T07:00", in: zone, id: "morning")
        let listed = history([morning, night, evening], now: "2026-11-22T12:00", in: zone)
        #expect(listed.days.map(\.date.description) == ["2026-11-22", "2026-11-21"], "\(listed.days)")
        #expect(listed.days.map { $0.sessions.map(\.id) } == [["morning"], ["night", "evening"]])
        #expect(listed.days[1].date == night.streakDay(dayStartsAt: fourAM))
    }

    @Test func anEmptyHistoryHasNoStreak() {
        let totals = history([], now: "2026-11-22T12:00", in: "UTC").totals
        let figures: [Int] = [
            totals.sessions, totals.seconds, totals.averageSeconds, totals.longestSeconds, totals.currentStreakDays,
            totals.longestStreakDays,
        ]
        #expect(figures == [0, 0, 0, 0, 0, 0])
    }
}
