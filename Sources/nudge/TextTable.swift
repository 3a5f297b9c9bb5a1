import Foundation
import NudgeCore

/// Left-aligned columns separated by two spaces, as `systemctl list-timers` prints them.
enum TextTable {
    /// One line per row whatever a cell holds: another program may have stored a newline or an
    /// escape sequence in a name or a note.
    static func render(header: [String], rows: [[String]]) -> String {
        let all = [header] + rows.map { $0.map(TextInput.oneLine) }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
