/// Text a person typed, put into markup (a notification body a server renders, an HTML page) so
/// that it shows as typed: nothing in it becomes a tag or an entity.
public enum MarkupEscaping {
    /// `&`, `<` and `>` as entities, and with `quotes` also `"` and `'`, for text that may
    /// stand in an attribute. A notification body needs no quote entities, and GNOME Shell
    /// shows an entity it does not know (`&#39;`) as typed.
    public static func escaped(_ text: String, quotes: Bool) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"" where quotes: escaped += "&quot;"
            case "'" where quotes: escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
