import NudgeCore
import Testing

@testable import NudgeReports

/// The HTML report's chart: a symptom's severity by day, as SVG.
@Suite struct SeverityPlotTests {
    /// A year of days keeps the chart's dates apart and its numbers short.
    @Test func aYearsChartLabelsEveryFewWeeks() {
        let first = CivilDate(year: 2025, month: 11, day: 23)
        let plot = SeverityPlot(
            first: first, last: first.adding(days: 364),
            days: Dictionary(uniqueKeysWithValues: (0..<365).map { ($0, SeverityPlot.Day(highest: 3, mean: 2.5)) }),
            label: "Headache")
        let svg = plot.svg
        let labels = svg.components(separatedBy: "text-anchor=\"middle\">").dropFirst().map { $0.prefix(10) }
        #expect((4...8).contains(labels.count) && labels.first == "2025-11-23", "\(labels)")
        #expect(!svg.contains("000000"), "two decimals at most")
    }
}
