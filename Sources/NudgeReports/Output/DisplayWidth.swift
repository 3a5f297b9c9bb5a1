import NudgeSystem

/// How many terminal columns text takes, as wcwidth(3) counts them: East Asian wide and
/// fullwidth characters and emoji take two, combining marks and format characters none.
/// A table padded by `count` misaligns under `頭痛` or `🤕`.
public enum DisplayWidth {
    /// The encoding of the terminal the text is printed on, where not UTF-8 (`TerminalCharset`):
    /// what it shows is counted there, `…` as the three columns of `...`.
    @TaskLocal public static var codeset: String?

    public static func of(_ text: String) -> Int {
        // Printable ASCII, most text, is a column a byte: no graphemes to find.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
        let shown = codeset.map { TerminalCharset.printed(text, in: $0) } ?? text
        return shown.reduce(0) { $0 + unconverted($1) }
    }

    /// `text` cut or padded to take exactly `width` columns.
    public static func fitted(_ text: String, _ width: Int) -> String {
        let text = prefix(text, width)
        return text + String(repeating: " ", count: width - of(text))
    }

    /// `text` in at most `width` columns, its end replaced by `…` where it had to be cut.
    /// In two passes at most: a 1 MB note another program stored is cut as fast as a word.
    public static func cut(_ text: String, _ width: Int) -> String {
        guard of(text) > width else { return text }
        return prefix(text, width - of("…")) + "…"
    }

    /// The longest start of `text` that takes at most `width` columns.
    public static func prefix(_ text: String, _ width: Int) -> String {
        var kept = ""
        var used = 0
        for character in text {
            used += of(character)
            guard used <= width else { break }
            kept.append(character)
        }
        return kept
    }

    /// `text` without the spaces at its end: a terminal line padded for a grid.
    public static func trimmed(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }

    /// `text` broken at spaces into lines of at most `width` columns (a word wider stays whole).
    public static func wrapped(_ text: String, _ width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            if !line.isEmpty, of(line) + 1 + of(word) > width {
                lines.append(line)
                line = word
            } else {
                line += line.isEmpty ? word : " " + word
            }
        }
        return lines + [line]
    }

    /// One grapheme as printed: what `codeset` turns it into (`...`, `?`, `oe`) counted.
    public static func of(_ character: Character) -> Int {
        codeset == nil || character.isASCII ? unconverted(character) : of(String(character))
    }

    /// One grapheme: two when any of its scalars is wide (an emoji sequence is one glyph).
    private static func unconverted(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            if isWide(scalar) { return 2 }
            if !isZeroWidth(scalar) { width = 1 }
        }
        return width
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: true
        default: scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// Made once: a megabyte of text another program stored is a million scalars to measure.
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isEmojiPresentation { return true }
        return wide.contains { $0.contains(scalar.value) }
    }
}
