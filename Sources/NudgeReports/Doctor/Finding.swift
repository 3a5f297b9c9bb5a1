import NudgeCore

/// One line of the doctor's report: what was found, and for a problem, what to do.
public enum Finding {
    case fine(String)
    case problem(String, fix: String)
    /// Worth knowing and fixing, but nothing nudge does fails without it.
    case warning(String, fix: String)

    public var isProblem: Bool { if case .problem = self { true } else { false } }

    /// What was found on one line, and no terminal control in the fix (whose lines may be a
    /// block to copy, dunstrc's rule): a path with a newline or an escape in it (a folder named
    /// so) never forges a finding nor moves the cursor.
    public var line: String {
        switch self {
        case .fine(let text): "ok      \(TextInput.oneLine(text))"
        case .problem(let text, let fix): "PROBLEM \(TextInput.oneLine(text))\n        fix: \(Self.shown(fix))"
        case .warning(let text, let fix): "WARNING \(TextInput.oneLine(text))\n        fix: \(Self.shown(fix))"
        }
    }

    private static func shown(_ fix: String) -> String {
        fix.split(separator: "\n", omittingEmptySubsequences: false).map { TextInput.oneLine(String($0)) }.joined(
            separator: "\n")
    }
}
