/// SQLite's integrity check, read as a person needs it: damage (a page, an index, the file)
/// apart from rows another program wrote against a column's rule (a CHECK or NOT NULL
/// constraint, written with `PRAGMA ignore_check_constraints`). nudge reads around such rows
/// (it names them where it lists them, as unreadable), and they are no reason to stop backing a
/// store up, nor to refuse a backup that holds them.
public struct IntegrityCheck: Sendable, Equatable {
    /// The first complaint that is damage; nil when the file is sound.
    public let damage: String?
    /// The complaints about rows against their column's rule ("CHECK constraint failed in
    /// symptom_entries").
    public let rowsAgainstTheirRules: [String]

    /// From the rows `PRAGMA integrity_check` or `quick_check` gave: "ok" alone, or complaints,
    /// several to a row under a line naming the schema ("*** in database main ***").
    public init(answers: [String]) {
        let complaints = answers.flatMap { $0.split(separator: "\n").map(String.init) }
            .filter { $0 != "ok" && !$0.hasPrefix("*** in database") }
        rowsAgainstTheirRules = complaints.filter(Self.isAgainstItsRule)
        damage = complaints.first { !Self.isAgainstItsRule($0) } ?? (answers.isEmpty ? "no answer" : nil)
    }

    public var isSound: Bool { damage == nil }

    private static func isAgainstItsRule(_ complaint: String) -> Bool {
        complaint.hasPrefix("CHECK constraint failed in ") || complaint.hasPrefix("NULL value in ")
    }
}
