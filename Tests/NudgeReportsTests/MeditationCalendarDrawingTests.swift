import NudgeCore
import NudgeReports
import NudgeTestSupport
import Testing

/// `MeditationCalendar` drawn alone: its width and its colours (`MeditationCalendarTests`
/// draws it through `nudge meditations --calendar`).
@Suite struct MeditationCalendarDrawingTests {
    /// A year of 366 days whose 1 January is a Sunday spans 54 weeks: still within 80 columns.
    @Test func theWidestYearFitsEightyColumns() {
        let clock = WallClock(zone: .system("UTC"))
        let calendar = MeditationCalendar(
            sessions: [], year: 2012, today: CivilDate(year: 2026, month: 11, day: 22),
            dayStartsAt: LocalTime(hour: 4, minute: 0)!, clock: clock)
        let lines = calendar.render(colour: false, width: 80).split(separator: "\n").map(String.init)
        #expect(lines.first { $0.hasPrefix("Mo") }.map(DisplayWidth.of) == 3 + 54, "\(lines)")
        for line in lines { #expect(DisplayWidth.of(line) <= 80, "\(line)") }
    }

    /// On a terminal, the streak's days are bold green and today is reversed.
    @Test func colourMarksTheStreakAndToday() {
        let clock = WallClock(zone: .system("UTC"))
        let today = CivilDate(year: 2026, month: 11, day: 22)
        let sessions = [today.adding(days: -1), today].enumerated().map { index, day in
            MeditationSession(
                id: "\(index)", startedAt: clock.instant(on: day, at: LocalTime(hour: 9, minute: 0)!)!,
                utcOffsetMinutes: 0, plannedSeconds: 600, intervalSeconds: 0,
                endedAt: clock.instant(on: day, at: LocalTime(hour: 9, minute: 10)!)!, actualSeconds: 600,
                outcome: .completed, source: "timer", createdAt: clock.startOfDay(day))
        }
        let calendar = MeditationCalendar(
            sessions: sessions, year: 2026, today: today, dayStartsAt: LocalTime(hour: 0, minute: 0)!, clock: clock)
        let drawn = calendar.render(colour: true, width: 80)
        #expect(drawn.contains("\u{1B}[1;32m▒\u{1B}[0m"), "yesterday, in the streak: \(drawn)")
        #expect(drawn.contains("\u{1B}[7;1;32m▒\u{1B}[0m"), "today: \(drawn)")
        #expect(!drawn.contains("a day starts at"), "midnight is not said")
    }
}
