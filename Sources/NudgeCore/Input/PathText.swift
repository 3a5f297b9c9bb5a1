/// Parts of a path as the person typed it.
public enum PathText {
    /// What `dirname` gives, without its "." for a bare name: "" for `b` or `b/`, "/" for `/b`.
    /// (Foundation's `deletingLastPathComponent` traps on a one-character relative name.)
    public static func directory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }
}
