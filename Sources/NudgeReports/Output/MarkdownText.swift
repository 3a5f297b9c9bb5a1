import NudgeCore

/// A person's text in a Markdown export, shown as typed: nothing in it becomes a heading, a
/// list, a code fence, emphasis, a link or HTML in the reader's viewer.
public enum MarkdownText {
    /// Text that may hold several lines; each escaped, control characters shown as `�`.
    public static func escaped(_ text: String) -> String {
        TextInput.printable(text).split(separator: "\n", omittingEmptySubsequences: false).map {
            escapedLine(String($0))
        }.joined(separator: "\n")
    }

    /// One line, for a table cell or a heading: newlines shown as `⏎`.
    public static func cell(_ text: String) -> String { escapedLine(TextInput.oneLine(text)) }

    /// Every punctuation mark Markdown reads is escaped with a backslash (CommonMark allows it
    /// before any ASCII punctuation), and so is what starts a block at the line's start: a list
    /// marker, a numbered item's dot, a setext underline.
    private static func escapedLine(_ line: String) -> String {
        var escaped = ""
        for character in line {
            if "\\`*_[]|<>#&!~".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        let body = escaped.drop { $0 == " " || $0 == "\t" }
        let indent = escaped.prefix(escaped.count - body.count)
        if let first = body.first, "-+=".contains(first) { return indent + "\\" + body }
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let after = body.dropFirst(digits.count).first, after == "." || after == ")" {
            return indent + digits + "\\" + body.dropFirst(digits.count)
        }
        return escaped
    }
}
