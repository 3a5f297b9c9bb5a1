/// Prose broken into lines of at most `width` terminal columns at spaces; a word longer than a
/// line (a path) is kept whole on a line of its own rather than cut.
public enum TextWrap {
    public static func lines(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
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
}
