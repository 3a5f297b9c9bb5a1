import Foundation
import NudgeCore
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

    @Test func colourOnATerminalUnlessNoColorIsSet() throws {
        func wantsColour(isTerminal: Bool, variables: [String: String]) -> Bool {
            CommandEnvironment(variables: variables, output: { _ in }, errors: { _ in }, isTerminal: isTerminal)
                .wantsColour
        }
        #expect(wantsColour(isTerminal: true, variables: [:]))
        #expect(!wantsColour(isTerminal: true, variables: ["NO_COLOR": "1"]))
        #expect(wantsColour(isTerminal: true, variables: ["NO_COLOR": ""]))
        #expect(!wantsColour(isTerminal: false, variables: [:]))
        let day = CivilDate(year: 2026, month: 11, day: 22)
        let clock = WallClock(zone: .system("UTC"))
        let entry = SymptomEntry(
            id: "a", name: "Headache", severity: 4,
            loggedAt: try #require(clock.instant(on: day, at: LocalTime(hour: 9, minute: 0)!)),
            notes: nil)
        let chart = SymptomChart.render([entry], first: day, last: day, clock: clock, colour: true)
        #expect(chart.hasPrefix("Headache \u{1B}[31m▅\u{1B}[0m\n"), "\(chart)")
    }
}
