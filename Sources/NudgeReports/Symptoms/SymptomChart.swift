import NudgeCore

/// The diary as a picture in the terminal: one row per symptom (most logged first), one cell per
/// day, or per week, month or year where the days do not fit in the width, the highest severity
/// of the cell as a block (▁▂▃▅▇), a blank for none, and the dates marked below.
public enum SymptomChart {
    public static let blocks: [Character] = ["▁", "▂", "▃", "▅", "▇"]
    /// ANSI colours from mild to severe: green, green, yellow, red, bold red.
    public static let colours = ["32", "32", "33", "31", "1;31"]

    /// A symptom's cells, its name as typed first (the most recent spelling of it).
    public struct Row {
        public var name: String
        public var count: Int
        public var highest: [Int?]
    }

    public static func render(
        _ entries: [SymptomEntry], first: CivilDate, last: CivilDate, clock: WallClock, width: Int, colour: Bool
    ) -> String {
        // A name takes at most 20 columns, and leaves at least 12 cells.
        let nameWidth = max(
            min(entries.map { DisplayWidth.of(TextInput.oneLine($0.name)) }.max() ?? 0, 20, width - 13), 7)
        let room = max(width - nameWidth - 1, 1)
        let span = ChartSpan.fitting(first: first, last: last, in: room)
        // Past what a cell a year holds, the latest years are drawn.
        let first = span.cells(first, last) > room ? CivilDate(year: last.year - room + 1, month: 1, day: 1) : first
        let cells = span.cells(first, last)
        var rows: [String: Row] = [:]
        for entry in entries {
            let key = entry.name.lowercased()
            let day = clock.date(of: entry.loggedAt)
            guard day >= first, day <= last else { continue }
            let cell = span.cell(of: day, first: first)
            var row =
                rows[key]
                ?? Row(name: TextInput.oneLine(entry.name), count: 0, highest: Array(repeating: nil, count: cells))
            row.count += 1
            row.highest[cell] = max(row.highest[cell] ?? 0, entry.severity)
            rows[key] = row
        }
        let ordered = rows.values.sorted { ($0.count, $1.name.lowercased()) > ($1.count, $0.name.lowercased()) }
        var lines = ordered.map { row in
            DisplayWidth.fitted(DisplayWidth.cut(row.name, nameWidth), nameWidth) + " "
                + row.highest.map { severity in
                    guard let severity, (1...5).contains(severity) else { return " " }
                    let block = String(blocks[severity - 1])
                    return colour ? "\u{1B}[\(colours[severity - 1])m\(block)\u{1B}[0m" : block
                }.joined()
        }
        var marks = Array(repeating: Character(" "), count: max(cells, span.labelWidth))
        // A label that would run past the last cell is left out: the chart stays in the width.
        for cell in stride(from: 0, to: cells, by: span.labelEvery) where cell == 0 || cell + span.labelWidth <= cells {
            let label = Array(span.label(ofCell: cell, first: first))
            for (offset, character) in label.enumerated() { marks[cell + offset] = character }
        }
        lines.append(String(repeating: " ", count: nameWidth + 1) + DisplayWidth.trimmed(String(marks)))
        lines += DisplayWidth.wrapped("\(first) to \(last), a cell \(span.sentence(width: width))", width)
        lines += DisplayWidth.wrapped(
            "the highest severity: ▁ 1 (mild) ▂ 2 ▃ 3 ▅ 4 ▇ 5 (severe); a blank: none logged", width)
        return lines.joined(separator: "\n") + "\n"
    }
}
