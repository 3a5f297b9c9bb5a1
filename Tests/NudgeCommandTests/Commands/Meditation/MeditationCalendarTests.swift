import Foundation
import NudgeCore
import NudgeReports
import NudgeTestSupport
import Testing

/// `nudge meditations --calendar`: the year as weeks by weekdays, shaded by minutes, with today
/// and the current streak marked.
@Suite struct MeditationCalendarTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// One session in March; then every streak day from Saturday the 14th to Sunday the 22nd
    /// (now, Berlin, 20:00), through the four shades. The session at 02:00 on the 21st counts
    /// for the 20th, as days start at 04:00.
    func practice() {
        for (at, minutes) in [
            ("2026-03-04 07:00", "45"), ("2026-11-14 07:30", "5"), ("2026-11-15 07:30", "12"),
            ("2026-11-16 07:30", "25"), ("2026-11-17 07:30", "40"), ("2026-11-18 07:30", "3"),
            ("2026-11-19 07:30", "10"), ("2026-11-21 02:00", "10"), ("2026-11-21 09:00", "3"),
            ("2026-11-22 19:00", "20"),
        ] {
            #expect(nudge("meditations", "add", "--at", at, "--minutes", minutes).status == 0)
        }
    }

    /// No month is named past today's column: December is not drawn yet.
    @Test func theYearIsShadedByMinutesWithTodayAndTheStreakMarked() {
        practice()
        let calendar = nudge("meditations", "--calendar")
        #expect(
            calendar.stdout == """
                   Jan Feb Mar  Apr May  Jun Jul Aug  Sep Oct Nov
                Mo  ·············································▓
                Tu  ·············································█
                We  ········█····································░
                Th ··············································▒
                Fr ··············································▒
                Sa ·············································░░
                Su ·············································▒▓
                                                                ─▲ today
                2026: 10 days with a session, 173 minutes; the longest streak 9 days
                the current streak: 9 days, since 2026-11-14
                · none  ░ under 10 minutes  ▒ 10 to 19  ▓ 20 to 29  █ 30 or more
                a day starts at 04:00 (meditation.day_starts_at)

                """, "\(calendar)")
        #expect(!calendar.stdout.contains("\u{1B}["), "no colour off a terminal")
    }

    /// COLUMNS decides: the sentences wrap, the legend breaks between shades, and where the
    /// year's weeks do not fit, the latest do and it says so. Every line in the width.
    @Test(arguments: [40, 60, 80, 120])
    func theCalendarFitsTheWidth(width: Int) {
        practice()
        let calendar = InProcessNudge.run(
            ["meditations", "--calendar", "--store", store],
            environment: environment.merging(["COLUMNS": "\(width)"]) { $1 }
        ).stdout
        for line in calendar.split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= width, "\(width): \(line)")
        }
        let sentences = calendar.split(separator: "\n").drop { !$0.hasPrefix("2026:") }.joined(separator: "\n")
        switch width {
        case 60:
            #expect(
                sentences == """
                    2026: 10 days with a session, 173 minutes; the longest
                    streak 9 days
                    the current streak: 9 days, since 2026-11-14
                    · none  ░ under 10 minutes  ▒ 10 to 19  ▓ 20 to 29
                    █ 30 or more
                    a day starts at 04:00 (meditation.day_starts_at)
                    """, "\(calendar)")
            #expect(calendar.hasPrefix("   Jan Feb Mar  Apr May  Jun Jul Aug  Sep Oct Nov\nMo  ····"))
        case 40:
            #expect(
                calendar.hasPrefix(
                    """
                          Apr May  Jun Jul Aug  Sep Oct Nov
                    Mo ····································▓
                    """), "\(calendar)")
            #expect(calendar.contains("\nthe weeks before 2026-03-09 do not fit\nin 40 columns\n"), "\(calendar)")
        default:
            #expect(!calendar.contains("do not fit") && sentences.hasPrefix("2026: 10 days with a session"))
        }
    }

    /// Another year: its own days and longest streak, no today, no current streak.
    @Test func anotherYearHasNoTodayNorCurrentStreak() {
        practice()
        #expect(nudge("meditations", "add", "--at", "2025-12-31 21:00", "--minutes", "30").status == 0)
        let past = nudge("meditations", "--calendar", "--year", "2025")
        #expect(!past.stdout.contains("today") && !past.stdout.contains("current streak"), "\(past)")
        #expect(past.stdout.contains("2025: 1 day with a session, 30 minutes; the longest streak 1 day"), "\(past)")
        let wednesday = past.stdout.split(separator: "\n").first { $0.hasPrefix("We") } ?? ""
        #expect(wednesday.hasSuffix("·█"), "\(past)")
        let future = nudge("meditations", "--calendar", "--year", "9999")
        #expect(future.stdout.contains("9999: 0 days with a session, 0 minutes"), "\(future)")
    }

    @Test(arguments: [
        (["--year", "2025"], "--year goes with --calendar"),
        (["--calendar", "--year", "0"], "--year 0 is out of range; give a year from 1 to 9999"),
        (["--calendar", "--year", "99999999999999999999"], "is not a whole number"),
        (["--calendar", "--json"], "give --calendar or --json, not both"),
        (["--calendar", "--since", "2026-01-01"], "give --calendar or --since, not both"),
    ])
    func refusals(arguments: [String], message: String) throws {
        try expectRefusal(["meditations"] + arguments, mentioning: message)
    }
}
