import NudgeCore
import NudgeStore

/// Rows another program wrote against a column's rule (a CHECK or NOT NULL constraint, or the
/// rule nudge reads a table's rows by): no damage, and backed up as they are.
extension DoctorFindings {
    /// Warnings counting them by table and column: one for the rows the listings leave out (the
    /// same rows they name), one for those nudge shows with what it can read of them or does not
    /// read. Only names and counts: a value may be private text.
    public static func rowsAgainstRulesFindings(_ rows: [RowsAgainstRule], store: String) -> [Finding] {
        var findings: [Finding] = []
        let leftOut = rows.filter(\.isLeftOut)
        if !leftOut.isEmpty {
            let total = leftOut.reduce(0) { $0 + $1.count }
            findings.append(
                .warning(
                    "rows against a column's rule: \(counted(leftOut)); nudge cannot read \(total == 1 ? "it" : "them") and leaves \(total == 1 ? "it" : "them") out where it lists rows, naming \(total == 1 ? "it" : "each") by id, and backs \(total == 1 ? "it" : "them") up as \(total == 1 ? "it is" : "they are")",
                    fix:
                        "the listings name their ids: correct a diary entry with nudge symptoms edit ID (or delete it with nudge symptoms delete ID)\(leftOut.contains { $0.table == "medication_schedules" } ? ", a medication taken by day, whose reminders stop, with nudge meds remove NAME and nudge meds add" : ""), others in the program that wrote them\(withoutID(leftOut, store: store))"
                ))
        }
        let shown = rows.filter { !$0.isLeftOut }
        if !shown.isEmpty {
            let total = shown.reduce(0) { $0 + $1.count }
            findings.append(
                .warning(
                    "rows against a column's rule: \(counted(shown)); nudge shows \(total == 1 ? "it" : "them") with what it can read where it lists \(total == 1 ? "it" : "them") (a value it cannot use as none), and backs \(total == 1 ? "it" : "them") up as \(total == 1 ? "it is" : "they are")",
                    fix:
                        "correct them with nudge (nudge contacts edit, nudge call edit...) or in the program that wrote them; sqlite3 \(store) 'PRAGMA integrity_check' names them"
                ))
        }
        return findings
    }

    /// The tables whose id is text: a row left out for its id (NULL, a number, a blob) has none
    /// an `edit ID` could name, and the listings name it by rowid.
    static let textIDTables: Set = [
        "symptom_entries", "meditation_sessions", "therapy_sessions", "therapy_reflections", "call_logs",
    ]

    /// `; a row named by rowid has no id: …`, the SQL that gives each such row a new one (then
    /// the listing names it by that id, and `edit ID` reaches it); empty when there is none.
    /// Only the id changes: SQLite checks no other column's rule in an UPDATE that leaves it.
    private static func withoutID(_ leftOut: [RowsAgainstRule], store: String) -> String {
        let tables = leftOut.filter { $0.column == "id" && textIDTables.contains($0.table) }.map(\.table)
        guard !tables.isEmpty else { return "" }
        // The diary's ids are no other row's reference: those of blanks or words get one too.
        let updates = tables.map {
            "UPDATE \($0) SET id = lower(hex(randomblob(16))) WHERE \(Store.rowsWithoutIDSQL($0));"
        }
        return
            "; a row the listings name by rowid has no id an edit can take: give each one with sqlite3 \(ShellWord.quoted(store)) \"\(updates.joined(separator: " "))\", then the listings name it by that id"
    }

    /// `2 rows another program wrote (1 in contacts.name, 1 in call_logs.notes)`.
    private static func counted(_ rows: [RowsAgainstRule]) -> String {
        let total = rows.reduce(0) { $0 + $1.count }
        let named = rows.map {
            "\($0.count) in \($0.table)\($0.column.map { ".\($0)" } ?? " (a rule of the table)")"
        }.joined(separator: ", ")
        return "\(total == 1 ? "1 row" : "\(total) rows") another program wrote (\(named))"
    }
}
