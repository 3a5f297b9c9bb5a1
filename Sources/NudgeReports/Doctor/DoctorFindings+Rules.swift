import NudgeStore

/// Rows another program wrote against a column's rule (a CHECK or NOT NULL constraint): no
/// damage, and nudge reads around them, but each is a record a listing leaves out.
extension DoctorFindings {
    /// A warning counting them by table and column; nil when there are none. Only names and
    /// counts: a value may be private text.
    public static func rowsAgainstRulesFinding(_ rows: [RowsAgainstRule], store: String) -> Finding? {
        guard !rows.isEmpty else { return nil }
        let total = rows.reduce(0) { $0 + $1.count }
        let counted = rows.map {
            "\($0.count) in \($0.table)\($0.column.map { ".\($0)" } ?? " (a rule of the table)")"
        }.joined(separator: ", ")
        return .warning(
            "rows against a column's rule: \(total == 1 ? "1 row" : "\(total) rows") another program wrote (\(counted)); nudge leaves \(total == 1 ? "it" : "them") out where it lists rows, and backs \(total == 1 ? "it" : "them") up as \(total == 1 ? "it is" : "they are")",
            fix:
                "the listings name the rows they leave out (nudge symptoms list, nudge contacts list, nudge meditations list...): delete or enter them again with nudge, or correct them in the program that wrote them; sqlite3 \(store) 'PRAGMA integrity_check' names them too"
        )
    }
}
