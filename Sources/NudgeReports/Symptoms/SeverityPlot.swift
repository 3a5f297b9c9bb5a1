import Foundation
import NudgeCore

/// One symptom's severity over a span of days as inline SVG, for the HTML report: a bar per
/// day for its highest severity, a line through the day's mean (broken where a day has none),
/// the severities 1 to 5 up the side and dates along the bottom. It scales to the page's
/// width; its geometry is in the viewBox's units.
public struct SeverityPlot {
    /// The highest and the mean severity of a day with entries.
    public struct Day {
        public var highest: Int
        public var mean: Double
    }

    public static let width = 720.0
    public static let height = 150.0
    public static let left = 28.0
    public static let right = 712.0
    public static let top = 8.0
    public static let bottom = 128.0

    public var first: CivilDate
    public var last: CivilDate
    /// Days with entries, keyed by their distance from `first`.
    public var days: [Int: Day]
    /// What the picture shows, in words, for a screen reader.
    public var label: String

    public var svg: String {
        let count = last.daysSinceEpoch - first.daysSinceEpoch + 1
        let slot = (Self.right - Self.left) / Double(count)
        var parts = [
            #"<svg viewBox="0 0 \#(Self.width) \#(Self.height)" role="img" aria-label="\#(HTMLText.line(label))">"#
        ]
        for severity in 1...5 {
            let y = Self.y(Double(severity))
            parts.append(
                #"<line class="grid" x1="\#(Self.left)" x2="\#(Self.right)" y1="\#(y)" y2="\#(y)"/>"#
                    + #"<text class="axis" x="\#(Self.left - 6)" y="\#(y + 3.5)" text-anchor="end">\#(severity)</text>"#
            )
        }
        for (index, day) in days.sorted(by: { $0.key < $1.key }) {
            let top = Self.y(Double(day.highest))
            parts.append(
                #"<rect class="highest" x="\#(Self.number(Self.left + Double(index) * slot + slot * 0.15))" y="\#(top)" width="\#(Self.number(slot * 0.7))" height="\#(Self.number(Self.bottom - top))"/>"#
            )
        }
        parts += meanLines(slot: slot)
        parts += dateLabels(count: count, slot: slot)
        parts.append(
            #"<line class="baseline" x1="\#(Self.left)" x2="\#(Self.right)" y1="\#(Self.bottom)" y2="\#(Self.bottom)"/>"#
        )
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// A polyline through each run of consecutive days, and a dot on every day.
    private func meanLines(slot: Double) -> [String] {
        let indices = days.keys.sorted()
        var runs: [[Int]] = []
        for index in indices {
            if let previous = runs.last?.last, previous == index - 1 {
                runs[runs.count - 1].append(index)
            } else {
                runs.append([index])
            }
        }
        func point(_ index: Int) -> String {
            "\(Self.number(Self.left + (Double(index) + 0.5) * slot)),\(Self.number(Self.y(days[index]!.mean)))"
        }
        let radius = Self.number(min(2.5, max(slot / 3, 0.8)))
        return runs.filter { $0.count > 1 }.map { run in
            #"<polyline class="mean" points="\#(run.map(point).joined(separator: " "))"/>"#
        }
            + indices.map { index in
                let xy = point(index).split(separator: ",")
                return #"<circle class="mean-dot" cx="\#(xy[0])" cy="\#(xy[1])" r="\#(radius)"/>"#
            }
    }

    /// A date under every few days, at least 64 units apart: MM-DD within a year, else the
    /// whole date.
    private func dateLabels(count: Int, slot: Double) -> [String] {
        let sameYear = first.year == last.year
        let step = max(1, Int((Double(sameYear ? 64 : 96) / slot).rounded(.up)))
        // Half a label's width at 9 units a character's height: none runs past the right edge.
        let halfWidth = sameYear ? 14.0 : 28.0
        return stride(from: 0, to: count, by: step).compactMap { index in
            let x = Self.left + (Double(index) + 0.5) * slot
            guard x + halfWidth <= Self.width else { return nil }
            let day = first.adding(days: index)
            let text = sameYear ? String(day.description.dropFirst(5)) : day.description
            return
                #"<text class="axis" x="\#(Self.number(x))" y="\#(Self.bottom + 15)" text-anchor="middle">\#(text)</text>"#
        }
    }

    private static func y(_ severity: Double) -> Double { bottom - severity * (bottom - top) / 5 }

    /// Two decimals at most: the file stays small on a year of days.
    private static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
