import Foundation

/// What text a person may give: names are one line of printable text; notes may also hold
/// newlines and tabs. Any other control character (ESC, carriage return, NUL...) would move a
/// terminal's cursor or be mangled by a notification server, so it is refused, not stored.
///
/// Lengths count Unicode scalars, as SQLite's `length()` does, so a limit nudge checks and the
/// same limit in a CHECK constraint agree.
public enum TextInput {
    /// A name in Unicode's canonical composed form (NFC): `Café` typed composed or decomposed
    /// (as a keyboard, a paste or another program gives it) is one name, matched and stored as
    /// new so. What another program stored is read as it is.
    public static func canonical(_ name: String) -> String { name.precomposedStringWithCanonicalMapping }

    /// A name's words, one space between each and none at the ends: the one rule for every
    /// name a person types (a contact, a medication), stored so and matched so against what
    /// other programs stored, so that `Ann  Lee` and `Ann Lee`, which look the same, are one
    /// (hostile round on issue 40, M3). Free text (notes, a reminder's own text) keeps its spaces.
    public static func singleSpaced(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// A one-line name (a symptom, a contact).
    /// Invisible format characters are refused like control characters (U+202E turns a
    /// listing's columns around; a soft hyphen makes a second `Sam` that looks like the first),
    /// at the character where they are, never the name; a name of nothing visible is empty.
    public static func validateName(_ text: String, what: String, example: String, limit: Int) throws(InputError) {
        guard !isBlank(text) else { throw InputError("the \(what) is empty; give a name such as '\(example)'") }
        if let scalar = text.unicodeScalars.first(where: isControl) {
            throw InputError("the \(what) contains \(spoken(scalar)); give it on one line without control characters")
        }
        if let index = InvisibleFormat.first(in: text) {
            throw InputError(
                "the \(what) contains an invisible formatting character (\(code(text.unicodeScalars[index]))) at character \(position(index, in: text)); give it without one"
            )
        }
        try checkLength(text, what: "the \(what)", limit: limit)
    }

    /// Which character (counted from 1, as a person sees them) holds the scalar at `index`.
    private static func position(_ index: String.Index, in text: String) -> Int {
        text[..<index].count + 1
    }

    /// Nothing visible: only whitespace and invisible code points. Such a name is refused when
    /// typed, and read as no name where another program stored it.
    public static func isBlank(_ text: String) -> Bool {
        !text.unicodeScalars.contains { !$0.properties.isWhitespace && !$0.properties.isDefaultIgnorableCodePoint }
    }

    /// Free text (notes, a reason): newlines and tabs are kept, other control characters refused.
    public static func validateText(_ text: String, option: String, limit: Int) throws(InputError) {
        if let scalar = text.unicodeScalars.first(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) {
            throw InputError(
                "\(option) contains \(spoken(scalar)); only newlines and tabs are accepted among control characters")
        }
        try checkLength(text, what: option, limit: limit)
    }

    private static func checkLength(_ text: String, what: String, limit: Int) throws(InputError) {
        let count = text.unicodeScalars.count
        guard count <= limit else {
            throw InputError("\(what) has \(count) characters (Unicode scalars); at most \(limit) are accepted")
        }
    }

    /// C0, DEL and C1 controls, and the line and paragraph separators that break a line too.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    private static func spoken(_ scalar: Unicode.Scalar) -> String {
        let names: [UInt32: String] = [
            0x0A: "a newline", 0x09: "a tab", 0x0D: "a carriage return", 0x1B: "an escape character (ESC)",
            0x00: "a NUL character",
        ]
        return names[scalar.value].map { "\($0) (\(code(scalar)))" } ?? "a control character (\(code(scalar)))"
    }

    private static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// What is never printed as stored: a control character, or an explicit bidirectional
    /// formatting character (U+202A-U+202E, U+2066-U+2069), which reorders the rest of a
    /// terminal's line (issue 40: a note's U+202E turned `call history`'s row around).
    public static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// Stored text as lines for a terminal or a file: newlines and tabs kept, anything else
    /// unprintable (another program may have stored an escape sequence) shown as `replacement`.
    public static func printable(_ text: String, replacement: Unicode.Scalar = "\u{FFFD}") -> String {
        let shown = { (scalar: Unicode.Scalar) in !isUnprintable(scalar) || scalar == "\n" || scalar == "\t" }
        guard !text.unicodeScalars.allSatisfy(shown) else { return text }
        var lines = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { lines.append(shown(scalar) ? scalar : replacement) }
        return String(lines)
    }

    /// Stored text as one terminal line: control characters shown as `⏎` (newline), a space
    /// (tab) or `�`, as is any other unprintable; for listings of what other programs may have
    /// written.
    public static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": line.append("⏎")
            case "\t": line.append(" ")
            case _ where isUnprintable(scalar): line.append("\u{FFFD}")
            default: line.append(scalar)
            }
        }
        return String(line)
    }
}
