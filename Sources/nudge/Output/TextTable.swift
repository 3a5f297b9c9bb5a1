import Foundation
import NudgeCore

/// Left-aligned columns separated by two spaces, as `systemctl list-timers` prints them, by
/// the columns a terminal gives each cell (`DisplayWidth`).
enum TextTable {
    /// One line per row whatever a cell holds (`cell`): a note may have several lines, and
    /// another program may have stored an escape sequence in a name.
    ///
    /// Within `width` columns where it can be: the columns in `shrinking` (free text: names,
    /// titles, notes, what a key accepts) give up their width, widest first, each down to its
    /// header or 10 columns, their cells cut with `…`; the others (numbers, times, ids) are never
    /// cut, so a table of them alone may stay wider.
    static func render(header: [String], rows: [[String]], width: Int = .max, shrinking: Set<Int> = []) -> String {
        let all = [header] + rows.map { $0.map(Self.cell) }
        var widths = header.indices.map { column in all.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        var excess = widths.reduce(0, +) + 2 * (widths.count - 1) - width
        while excess > 0 {
            let floors = header.indices.map { max(DisplayWidth.of(header[$0]), 10) }
            guard let widest = shrinking.filter({ widths[$0] > floors[$0] }).max(by: { widths[$0] < widths[$1] })
            else { break }
            // One column at a time from the widest, so that several free-text columns share the cut.
            widths[widest] -= 1
            excess -= 1
        }
        return all.map { row in
            row.enumerated().map { column, cell in
                let shown = DisplayWidth.of(cell) > widths[column] ? DisplayWidth.cut(cell, widths[column]) : cell
                return column == row.count - 1
                    ? shown : shown + String(repeating: " ", count: widths[column] - DisplayWidth.of(shown))
            }.joined(separator: "  ").trailingSpacesRemoved
        }.joined(separator: "\n") + "\n"
    }

    /// A cell's text on one line: of several lines the first with text, and `…` where text
    /// follows it; any other control character shown as `TextInput.oneLine` shows it.
    static func cell(_ text: String) -> String {
        guard text.contains("\n") else { return TextInput.oneLine(text) }
        let lines = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        let first = String(lines.first ?? "").trimmingCharacters(in: .whitespaces)
        return TextInput.oneLine(first) + (lines.count > 1 ? "…" : "")
    }

    /// Rows under headings (a day each), indented, with one header per section and the columns
    /// aligned across all of them; within `width` as above, the indent counted.
    static func render(
        header: [String], sections: [(heading: String, rows: [[String]])], width: Int = .max, shrinking: Set<Int> = []
    ) -> String {
        let table = render(
            header: header, rows: sections.flatMap(\.rows), width: width == .max ? width : width - 2,
            shrinking: shrinking
        ).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map { "  " + $0 }
        var next = 1
        return sections.map { section in
            defer { next += section.rows.count }
            return ([TextInput.oneLine(section.heading), table[0]] + table[next..<next + section.rows.count]).joined(
                separator: "\n") + "\n"
        }.joined(separator: "\n")
    }
}

extension String {
    /// Without the padding an empty last cell leaves.
    fileprivate var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
