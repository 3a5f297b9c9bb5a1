import Foundation
import NudgeCore

/// Left-aligned columns separated by two spaces, as `systemctl list-timers` prints them, by
/// the columns a terminal gives each cell (`DisplayWidth`).
enum TextTable {
    /// One line per row whatever a cell holds: another program may have stored a newline or an
    /// escape sequence in a name or a note.
    static func render(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows.map { $0.map(TextInput.oneLine) }
        let widths = header.indices.map { column in all.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
            }.joined(separator: "  ").trailingSpacesRemoved
        }.joined(separator: "\n") + "\n"
    }

    /// Rows under headings (a day each), indented, with one header per section and the columns
    /// aligned across all of them.
    static func render(header: [String], sections: [(heading: String, rows: [[String]])]) -> String {
        let table = render(header: header, rows: sections.flatMap(\.rows)).split(
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
