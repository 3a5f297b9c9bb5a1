import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeTestSupport
import Testing

@testable import nudge

/// `nudge symptoms --chart`: the diary as blocks, one row per symptom, in 80 columns.
@Suite struct SymptomChartTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// Headache on three days (severities 3, 5, 1), Nausea on one; Berlin, the 22nd at 20:00.
    func diary() {
        for (at, name, severity) in [
            ("2026-11-20T21:00", "Headache", "3"), ("2026-11-21T09:15", "Nausea", "2"),
            ("2026-11-21T10:00", "headache", "5"), ("2026-11-21T11:00", "Headache", "2"),
            ("2026-11-22T08:00", "Headache", "1"),
        ] {
            #expect(nudge("log", "symptom", name, "--severity", severity, "--at", at).status == 0)
        }
    }

    @Test func aWeekIsOneCellADayWithTheDaysHighestSeverity() {
        diary()
        let chart = nudge("symptoms", "--chart", "--from", "2026-11-16", "--to", "2026-11-22")
        #expect(
            chart.stdout == """
                Headache     ▃▇▁
                Nausea        ▂ 
                         11-16
                2026-11-16 to 2026-11-22, a cell a day
                the highest severity: ▁ 1 (mild) ▂ 2 ▃ 3 ▅ 4 ▇ 5 (severe); a blank: none logged

                """, "\(chart)")
        #expect(!chart.stdout.contains("\u{1B}["), "no colour off a terminal")
    }

    /// 30 days by default; more days than 71 columns hold are a week a cell, and it says so.
    @Test func manyDaysAreAWeekACellWithinEightyColumns() {
        diary()
        let month = nudge("symptoms", "--chart")
        #expect(month.stdout.contains("2026-10-24 to 2026-11-22, a cell a day"), "\(month)")
        let year = nudge("symptoms", "--chart", "--days", "365")
        #expect(year.stdout.contains("a cell a week (the days do not fit in 80 columns)"), "\(year)")
        for line in (month.stdout + year.stdout).split(separator: "\n") {
            #expect(DisplayWidth.of(String(line)) <= 80, "\(line)")
        }
        #expect(nudge("symptoms", "--chart", "--json").status == 64)
    }

    func chart(_ arguments: [String], width: Int) -> String {
        InProcessNudge.run(
            ["symptoms", "--chart"] + arguments + ["--store", store],
            environment: environment.merging(["COLUMNS": "\(width)"]) { $1 }
        ).stdout
    }

    /// COLUMNS decides: a cell a day, a week, a month or a year, whichever is the shortest that
    /// fits, and the reason given only when a shorter one did not. Every line in the width.
    @Test func theChartFollowsTheWidth() {
        diary()
        #expect(nudge("log", "symptom", "Nausea", "--severity", "4", "--at", "2025-03-02T08:00").status == 0)
        let sixty = [
            chart(["--days", "60"], width: 60),
            chart(["--from", "2024-11-01", "--to", "2026-11-22"], width: 60),
        ]
        #expect(
            sixty[0] == """
                Headache         ▇
                Nausea           ▂
                         09-24
                2026-09-24 to 2026-11-22, a cell a week (the days do not fit
                in 60 columns)
                the highest severity: ▁ 1 (mild) ▂ 2 ▃ 3 ▅ 4 ▇ 5 (severe); a
                blank: none logged

                """, "\(sixty[0])")
        #expect(
            sixty[1] == """
                Headache                         ▇
                Nausea       ▅                   ▂
                         2024-11     2025-11
                2024-11-01 to 2026-11-22, a cell a month (the weeks do not
                fit in 60 columns)
                the highest severity: ▁ 1 (mild) ▂ 2 ▃ 3 ▅ 4 ▇ 5 (severe); a
                blank: none logged

                """, "\(sixty[1])")
        let eighty = [
            chart(["--days", "60"], width: 80),
            chart(["--days", "365"], width: 80),
            chart(["--from", "1990-01-01", "--to", "2026-11-22"], width: 80),
        ]
        #expect(
            eighty[0]
                == """
                Headache                                                          ▃▇▁
                Nausea                                                             ▂
                         09-24  10-01  10-08  10-15  10-22  10-29  11-05  11-12
                2026-09-24 to 2026-11-22, a cell a day
                the highest severity: ▁ 1 (mild) ▂ 2 ▃ 3 ▅ 4 ▇ 5 (severe); a blank: none logged

                """.replacingOccurrences(of: "▂\n", with: "▂ \n"), "\(eighty[0])")
        #expect(eighty[1].contains("\n2025-11-23 to 2026-11-22, a cell a week (the days do not fit in 80 columns)\n"))
        #expect(
            eighty[2] == """
                Headache                                     ▇
                Nausea                                      ▅▂
                         1990 1995 2000 2005 2010 2015 2020
                1990-01-01 to 2026-11-22, a cell a year (the months do not fit in 80 columns)
                the highest severity: ▁ 1 (mild) ▂ 2 ▃ 3 ▅ 4 ▇ 5 (severe); a blank: none logged

                """, "\(eighty[2])")
        // 120 columns hold two years a week a cell (80 held them a month a cell).
        let wide = chart(["--from", "2024-11-01", "--to", "2026-11-22"], width: 120)
        #expect(wide.contains("\n2024-11-01 to 2026-11-22, a cell a week (the days do not fit in 120 columns)\n"))
        #expect(chart(["--days", "100"], width: 120).contains(", a cell a day\n"))
        for (width, text) in [(60, sixty.joined()), (80, eighty.joined()), (120, wide)] {
            for line in text.split(separator: "\n") {
                #expect(DisplayWidth.of(String(line)) <= width, "\(width): \(line)")
            }
        }
    }

    /// A name wider than its column is cut with "…", at every width.
    @Test(arguments: [60, 80, 120])
    func aLongNameIsCutWithAnEllipsis(width: Int) {
        #expect(nudge("log", "symptom", "Restless legs in the evening", "--severity", "2").status == 0)
        let chart = chart(["--days", "7"], width: width)
        #expect(chart.hasPrefix("Restless legs in th…       ▂\n"), "\(chart)")
    }

    @Test func colourOnATerminalUnlessNoColorIsSetOrItIsDumb() throws {
        func takesEscapes(isTerminal: Bool, variables: [String: String]) -> Bool {
            CommandEnvironment(variables: variables, output: { _ in }, errors: { _ in }, isTerminal: isTerminal)
                .takesEscapes
        }
        #expect(takesEscapes(isTerminal: true, variables: [:]))
        #expect(!takesEscapes(isTerminal: true, variables: ["NO_COLOR": "1"]))
        #expect(takesEscapes(isTerminal: true, variables: ["NO_COLOR": ""]))
        #expect(!takesEscapes(isTerminal: true, variables: ["TERM": "dumb"]))
        #expect(!takesEscapes(isTerminal: false, variables: [:]))
        let day = CivilDate(year: 2026, month: 11, day: 22)
        let clock = WallClock(zone: .system("UTC"))
        let entry = SymptomEntry(
            id: "a", name: "Headache", severity: 4,
            loggedAt: try #require(clock.instant(on: day, at: LocalTime(hour: 9, minute: 0)!)),
            notes: nil)
        let chart = SymptomChart.render([entry], first: day, last: day, clock: clock, width: 80, colour: true)
        #expect(chart.hasPrefix("Headache \u{1B}[31m▅\u{1B}[0m\n"), "\(chart)")
    }
}
