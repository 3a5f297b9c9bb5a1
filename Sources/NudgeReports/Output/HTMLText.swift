import NudgeCore

/// A person's text in an HTML export, shown as typed: nothing in it becomes markup.
public enum HTMLText {
    /// Text that may hold several lines (shown with `white-space: pre-wrap`); control
    /// characters other than newlines and tabs shown as `�`.
    public static func escaped(_ text: String) -> String { escapedCharacters(TextInput.printable(text)) }

    /// One line, for a heading, a table cell or an attribute: newlines shown as `⏎`.
    public static func line(_ text: String) -> String { escapedCharacters(TextInput.oneLine(text)) }

    private static func escapedCharacters(_ text: String) -> String {
        MarkupEscaping.escaped(text, quotes: true)
    }
}
