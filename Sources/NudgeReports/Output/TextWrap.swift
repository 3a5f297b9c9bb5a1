/// Prose broken into lines of at most `width` terminal columns at spaces; a word longer than a
/// line (a path) is kept whole on a line of its own rather than cut, and an option with its
/// value (`--at TIME`) on one line where they fit in one: a line that ended in `--at` read as a
/// command without its value (issue 40).
public enum TextWrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in withTheirValues(text.split(separator: " ").map(String.init), width: max(width, 20)) {
            if line.isEmpty {
                line = word
            } else if DisplayWidth.of(line) + 1 + DisplayWidth.of(word) <= max(width, 20) {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        return line.isEmpty ? lines : lines + [line]
    }

    /// `words` with each option followed by its value as one, where the two fit in `width`.
    private static func withTheirValues(_ words: [String], width: Int) -> [String] {
        var joined: [String] = []
        for word in words {
            if let last = joined.last, last.hasPrefix("--"), !last.contains(" "), !last.contains("="),
                !word.hasPrefix("-"), DisplayWidth.of(last) + 1 + DisplayWidth.of(word) <= width
            {
                joined[joined.count - 1] += " " + word
            } else {
                joined.append(word)
            }
        }
        return joined
    }

    /// A list (`3 diary entries, 1 call`) broken after its commas, so that a count stays on the
    /// line of what it counts; only an item wider than a line is broken at its spaces.
    public static func list(_ text: String, width: Int) -> [String] {
        let items = text.components(separatedBy: ", ")
        var wrapped: [String] = []
        for (index, item) in items.enumerated() where !item.isEmpty {
            let unit = index < items.count - 1 ? item + "," : item
            if let last = wrapped.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(unit) <= max(width, 20) {
                wrapped[wrapped.count - 1] += " " + unit
            } else {
                wrapped += lines(unit, width: width)
            }
        }
        return wrapped
    }

    /// Prose on lines of at most `width` columns, however narrow (`lines` keeps 20): between
    /// words, and a word wider than a line broken as `pieces` breaks it.
    public static func narrow(_ text: String, width: Int) -> [String] {
        DisplayWidth.wrapped(text, width).flatMap { pieces(of: $0, width: width) }
    }

    /// `word` on lines of at most `width` columns, each broken after its last '.', '_', '-', '/'
    /// or '|' (between the values an option takes) that fits, else at the width: nothing is lost.
    public static func pieces(of word: String, width: Int) -> [String] {
        var rest = Substring(word)
        var pieces: [String] = []
        while DisplayWidth.of(String(rest)) > width {
            var fitting = rest.startIndex
            while fitting < rest.endIndex, DisplayWidth.of(String(rest[...fitting])) <= width {
                fitting = rest.index(after: fitting)
            }
            if fitting == rest.startIndex { fitting = rest.index(after: fitting) }
            let head = rest[..<fitting]
            let end = head.lastIndex { "._-/|".contains($0) }.map { rest.index(after: $0) } ?? fitting
            pieces.append(String(rest[..<end]))
            rest = rest[end...]
        }
        return pieces + (rest.isEmpty ? [] : [String(rest)])
    }
}
