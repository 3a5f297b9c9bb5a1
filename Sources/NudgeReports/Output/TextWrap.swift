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
}
