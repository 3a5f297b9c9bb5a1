import NudgeCore

/// The diary as a picture in the terminal: one row per symptom (most logged first), one cell per
/// day (or per week, where the days do not fit in 80 columns), the highest severity of the cell
/// as a block (▁▂▃▅▇), a blank for none, and the dates marked below.
enum SymptomChart {
    static let width = 80
    static let blocks: [Character] = ["▁", "▂", "▃", "▅", "▇"]
    /// ANSI colours from mild to severe: green, green, yellow, red, bold red.
    static let colours = ["32", "32", "33", "31", "1;31"]

    /// A symptom's cells, its name as typed first (the most recent spelling of it).
    struct Row {
        var name: String
        var count: Int
        var highest: [Int?]
    }

    static func render(
        _ entries: [SymptomEntry], first: CivilDate, last: CivilDate, clock: WallClock, colour: Bool
    ) -> String {
        let days = last.daysSinceEpoch - first.daysSinceEpoch + 1
        let nameWidth = min(
            max(entries.map { DisplayWidth.of(TextInput.oneLine($0.name)) }.max() ?? 0, 7), 20)
        let room = width - nameWidth - 1
        let span = days <= room ? 1 : 7
        let cells = (days + span - 1) / span
        var rows: [String: Row] = [:]
        for entry in entries {
            let key = entry.name.lowercased()
            let day = clock.date(of: entry.loggedAt).daysSinceEpoch - first.daysSinceEpoch
            guard (0..<days).contains(day) else { continue }
            var row =
                rows[key]
                ?? Row(name: TextInput.oneLine(entry.name), count: 0, highest: Array(repeating: nil, count: cells))
            row.count += 1
            row.highest[day / span] = max(row.highest[day / span] ?? 0, entry.severity)
            rows[key] = row
        }
        let ordered = rows.values.sorted { ($0.count, $1.name.lowercased()) > ($1.count, $0.name.lowercased()) }
        var lines = ordered.map { row in
            DisplayWidth.fitted(row.name, nameWidth) + " "
                + row.highest.map { severity in
                    guard let severity, (1...5).contains(severity) else { return " " }
                    let block = String(blocks[severity - 1])
                    return colour ? "\u{1B}[\(colours[severity - 1])m\(block)\u{1B}[0m" : block
                }.joined()
        }
        // The first day of every 7th cell, as MM-DD.
        var marks = Array(repeating: Character(" "), count: max(cells, 5))
        // A label that would run past the last cell is left out: the chart stays in 80 columns.
        for cell in stride(from: 0, to: cells, by: 7) where cell == 0 || cell + 5 <= cells {
            let day = CivilDate(daysSinceEpoch: first.daysSinceEpoch + cell * span)
            let label = Array(String(day.description.dropFirst(5)))
            for (offset, character) in label.enumerated() { marks[cell + offset] = character }
        }
        lines.append(String(repeating: " ", count: nameWidth + 1) + DisplayWidth.trimmed(String(marks)))
        lines.append(
            "\(first) to \(last), a cell \(span == 1 ? "a day" : "a week (the days do not fit in \(width) columns)")")
        lines.append("the highest severity: ▁ 1 (mild) ▂ 2 ▃ 3 ▅ 4 ▇ 5 (severe); a blank: none logged")
        return lines.joined(separator: "\n") + "\n"
    }
}
