import Foundation
import NudgeCore

/// Left-aligned columns separated by two spaces, as `systemctl list-timers` prints them, by
/// the columns a terminal gives each cell (`DisplayWidth`).
public enum TextTable {
    /// One line per row whatever a cell holds (`cell`): a note may have several lines, and
    /// another program may have stored an escape sequence in a name.
    ///
    /// Within `width` columns: the columns in `shrinking` (free text: names, titles, notes, what
    /// a key accepts) give up their width, widest first, each down to its header or 10 columns,
    /// their cells cut with `…`; the others (numbers, times, ids) are never cut. Where the row
    /// is still too wide, the columns that do not fit go on lines of their own below it,
    /// indented (`folded`), the header's too.
    ///
    /// The columns in `underneath` (a list of counts) go under their row at every width, on
    /// indented lines of their own wrapped between the list's items: never cut, however many.
    ///
    /// The columns in `wrapping` (a contact's name) are never cut either: they keep their width
    /// and the row folds around them, and a cell wider than a line goes on over lines of its own
    /// in its column, broken between words (inside a word only where one is wider than a line).
    ///
    /// The columns in `narrowing` (a medication's name beside times and outcomes never cut, a
    /// reminder's repeat) give up their width once the free text is cut to its least, down to
    /// their header or their longest word, their cells broken between words over lines in their
    /// column: never cut.
    public static func render(
        header: [String], rows: [[String]], width: Int = .max, shrinking: Set<Int> = [], underneath: Set<Int> = [],
        wrapping: Set<Int> = [], narrowing: Set<Int> = []
    ) -> String {
        lines(
            header: header, rows: rows, width: width,
            fits: Fits(shrinking: shrinking, underneath: underneath, wrapping: wrapping, narrowing: narrowing)
        ).joined().joined(separator: "\n") + "\n"
    }

    /// Which columns give way to the width, and how (`render`).
    struct Fits {
        var shrinking: Set<Int>
        var underneath: Set<Int>
        var wrapping: Set<Int>
        var narrowing: Set<Int>

        /// The same, for the columns `kept` (by their index here), renumbered.
        func kept(_ kept: [Int]) -> Fits {
            let renumbered = { (set: Set<Int>) in Set(kept.indices.filter { set.contains(kept[$0]) }) }
            return Fits(
                shrinking: renumbered(shrinking), underneath: [], wrapping: renumbered(wrapping),
                narrowing: renumbered(narrowing))
        }
    }

    /// The header's lines, then each row's: the columns beside each other as below, then those
    /// `underneath`, each wrapped in the width less the indent.
    private static func lines(header: [String], rows: [[String]], width: Int, fits: Fits) -> [[String]] {
        let beside = header.indices.filter { !fits.underneath.contains($0) }
        let under = header.indices.filter { fits.underneath.contains($0) }
        let table = lines(
            header: beside.map { header[$0] }, rows: rows.map { row in beside.map { row[$0] } }, width: width,
            beside: fits.kept(beside))
        let indent = String(repeating: " ", count: foldIndent)
        return zip([header] + rows, table).enumerated().map { index, pair in
            pair.1
                + under.flatMap { column in
                    let text = index == 0 ? pair.0[column] : cell(pair.0[column])
                    return TextWrap.list(text, width: width == .max ? width : width - foldIndent).map { indent + $0 }
                }
        }
    }

    /// The header's lines, then each row's: one each, or more where the row is folded.
    private static func lines(header: [String], rows: [[String]], width: Int, beside fits: Fits) -> [[String]] {
        let (shrinking, wrapping, narrowing) = (fits.shrinking, fits.wrapping, fits.narrowing)
        let all = [header] + rows.map { $0.map(Self.cell) }
        let natural = header.indices.map { column in all.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        var widths = natural
        // A wrapping column is at most a folded line's room: wider cells go on under themselves.
        for column in wrapping {
            widths[column] = min(natural[column], max(DisplayWidth.of(header[column]), width - foldIndent))
        }
        var excess = widths.reduce(0, +) + 2 * (widths.count - 1) - width
        // A narrowing column keeps its longest word whole (`adderall_xr`), as a person reads a name.
        let floors = header.indices.map { column in
            let words = narrowing.contains(column) ? all.flatMap { $0[column].split(separator: " ") } : []
            return max(DisplayWidth.of(header[column]), words.map { DisplayWidth.of(String($0)) }.max() ?? 10)
        }
        // Free text first: a short repeat (`every 3 days at 18:00`) broken over three lines
        // beside a reminder's text left at 45 columns was the wrong way round (issue 42).
        for giving in [shrinking, narrowing] {
            while excess > 0 {
                guard let widest = giving.filter({ widths[$0] > floors[$0] }).max(by: { widths[$0] < widths[$1] })
                else { break }
                // One column at a time from the widest, so that several free-text columns share the cut.
                widths[widest] -= 1
                excess -= 1
            }
        }
        let groups = folded(widths, width: width)
        // A column never cut alone on a folded line wider than its room (a 20-column time at
        // COLUMNS=20) is broken between words under the indent, not put at column 0 (issue 40).
        var broad = Set<Int>()
        for group in groups.dropFirst() where group.count == 1 && widths[group.lowerBound] > width - foldIndent {
            widths[group.lowerBound] = width - foldIndent
            broad.insert(group.lowerBound)
        }
        // A folded row's lines have room the cut left (a title alone on its line): its free
        // text takes it back, up to its whole width.
        for (index, group) in groups.enumerated() where groups.count > 1 {
            var spare =
                width - (index > 0 ? foldIndent : 0) - group.map { widths[$0] }.reduce(0, +) - 2 * (group.count - 1)
            for column in group where shrinking.union(narrowing).contains(column) && spare > 0 {
                let back = min(spare, natural[column] - widths[column])
                widths[column] += back
                spare -= back
            }
        }
        return all.map { row in
            groups.enumerated().flatMap { index, group in
                let cells = group.map { column in
                    let cell = row[column]
                    // Never cut: a word wider than the room (a backup's path) stays whole, to be copied.
                    if broad.contains(column) { return DisplayWidth.wrapped(cell, widths[column]) }
                    if wrapping.union(narrowing).contains(column) { return broken(cell, widths[column]) }
                    return [DisplayWidth.of(cell) > widths[column] ? DisplayWidth.cut(cell, widths[column]) : cell]
                }
                let texts = (0..<(cells.map(\.count).max() ?? 1)).map { line in
                    zip(group, cells).map { column, lines in
                        let shown = line < lines.count ? lines[line] : ""
                        return column == group.last
                            ? shown : shown + String(repeating: " ", count: widths[column] - DisplayWidth.of(shown))
                    }.joined(separator: "  ").trailingSpacesRemoved
                }
                // A folded line with nothing on it (no note) is left out, not shown blank.
                guard index > 0 else { return texts }
                return texts.filter { !$0.isEmpty }.map { String(repeating: " ", count: foldIndent) + $0 }
            }
        }
    }

    /// `text` on lines of at most `width` columns, between words, and inside a word only where
    /// it is wider than a line: nothing is lost.
    private static func broken(_ text: String, _ width: Int) -> [String] {
        DisplayWidth.wrapped(text, width).flatMap { line in
            var pieces = [""]
            for character in line {
                if DisplayWidth.of(pieces[pieces.count - 1] + String(character)) > width { pieces.append("") }
                pieces[pieces.count - 1].append(character)
            }
            return pieces
        }
    }

    /// How far a folded row's further lines are indented: enough to tell them from a new row.
    private static let foldIndent = 4

    /// The columns of each line of a row: all on one where they fit in `width`, else as many
    /// as fit on each, in order (a column wider than a line alone still gets one).
    private static func folded(_ widths: [Int], width: Int) -> [ClosedRange<Int>] {
        var groups: [ClosedRange<Int>] = []
        var start = 0
        while start < widths.count {
            var used = (groups.isEmpty ? 0 : foldIndent) + widths[start]
            var end = start
            while end + 1 < widths.count, used + 2 + widths[end + 1] <= width {
                end += 1
                used += 2 + widths[end]
            }
            groups.append(start...end)
            start = end + 1
        }
        return groups
    }

    /// A cell's text on one line: of several lines the first with text, and `…` where text
    /// follows it; any other control character shown as `TextInput.oneLine` shows it.
    public static func cell(_ text: String) -> String {
        guard text.contains("\n") else { return TextInput.oneLine(text) }
        let lines = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        let first = String(lines.first ?? "").trimmingCharacters(in: .whitespaces)
        return TextInput.oneLine(first) + (lines.count > 1 ? "…" : "")
    }

    /// Rows under headings (a day each), indented, with one header per section and the columns
    /// aligned across all of them; within `width` as above, the indent counted.
    public static func render(
        header: [String], sections: [(heading: String, rows: [[String]])], width: Int = .max, shrinking: Set<Int> = [],
        underneath: Set<Int> = [], wrapping: Set<Int> = [], narrowing: Set<Int> = []
    ) -> String {
        let table = lines(
            header: header, rows: sections.flatMap(\.rows), width: width == .max ? width : width - 2,
            fits: Fits(shrinking: shrinking, underneath: underneath, wrapping: wrapping, narrowing: narrowing)
        ).map { $0.map { "  " + $0 } }
        var next = 1
        return sections.map { section in
            defer { next += section.rows.count }
            return ([TextInput.oneLine(section.heading)] + table[0] + table[next..<next + section.rows.count].joined())
                .joined(separator: "\n") + "\n"
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
