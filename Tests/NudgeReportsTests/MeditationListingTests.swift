import Foundation
import NudgeCore
import NudgeReports
import NudgeTestSupport
import Testing

/// `nudge meditations` for a person and for a program, from one history: the two say the same.
@Suite struct MeditationListingTests {
    let clock = WallClock(zone: .system("UTC"))
    let today = CivilDate(year: 2026, month: 11, day: 22)

    func session(_ id: String, minutes: Int, daysAgo: Int) -> MeditationSession {
        let day = today.adding(days: -daysAgo)
        let start = clock.instant(on: day, at: LocalTime(hour: 9, minute: 0)!)!
        return MeditationSession(
            id: id, startedAt: start, utcOffsetMinutes: 0, plannedSeconds: minutes * 60, intervalSeconds: 0,
            endedAt: start.addingTimeInterval(Double(minutes * 60)), actualSeconds: minutes * 60,
            outcome: .completed, source: "timer", createdAt: start)
    }

    func listing(_ sessions: [MeditationSession], since: CivilDate? = nil) -> MeditationListing {
        let history = MeditationHistory(
            listed: sessions, all: sessions, now: clock.instant(on: today, at: LocalTime(hour: 20, minute: 0)!)!,
            clock: clock, dayStartsAt: LocalTime(hour: 4, minute: 0)!)
        return MeditationListing(history: history, clock: clock, since: since)
    }

    /// 5 and 10 minutes average 7.5: the text says it to the tenth the JSON gives.
    @Test func theTextAndTheJSONGiveTheSameTotals() throws {
        let listed = listing([
            session("aaaa1111", minutes: 10, daysAgo: 0), session("bbbb2222", minutes: 5, daysAgo: 1),
        ])
        #expect(
            listed.text(width: 80).hasPrefix("2026-11-22 (Sunday): 10 minutes in 1 session\n"),
            "\(listed.text(width: 80))")
        #expect(
            listed.text(width: 80).hasSuffix(
                "2 sessions, 15 minutes; average 7.5 minutes, longest 10 minutes\nstreak: 2 days now, longest 2 days"),
            "\(listed.text(width: 80))")
        let json = try JSONText.render(listed.output)
        #expect(json.contains("\"average_minutes\" : 7.5"), "\(json)")
        #expect(json.contains("\"current_streak_days\" : 2"), "\(json)")
        #expect(json.contains("\"id\" : \"aaaa1111\""), "\(json)")
    }

    @Test func nothingListedSaysWhatToDo() {
        #expect(listing([]).text(width: 200).hasPrefix("No meditation sessions yet. Start one with: nudge meditate"))
        #expect(listing([], since: today).text(width: 80) == "No meditation sessions since 2026-11-22.")
    }
}
