/// One line of the doctor's report: what was found, and for a problem, what to do.
public enum Finding {
    case fine(String)
    case problem(String, fix: String)
    /// Worth knowing and fixing, but nothing nudge does fails without it.
    case warning(String, fix: String)

    public var isProblem: Bool { if case .problem = self { true } else { false } }

    public var line: String {
        switch self {
        case .fine(let text): "ok      \(text)"
        case .problem(let text, let fix): "PROBLEM \(text)\n        fix: \(fix)"
        case .warning(let text, let fix): "WARNING \(text)\n        fix: \(fix)"
        }
    }
}
