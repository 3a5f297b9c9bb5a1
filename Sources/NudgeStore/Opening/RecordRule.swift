import GRDB

/// A table whose rows nudge reads through a rule of its own, stricter than its CHECK
/// constraints (a name of blanks, a time that is no time): the rule its listings leave rows out
/// by is the rule `nudge doctor` counts them by.
struct RecordRule: Sendable {
    let table: String
    /// The columns the rule reads.
    let columns: [String]
    /// The columns of a row that break the rule, the first first; empty for a readable row.
    let unreadableColumns: @Sendable (Row) -> [String]

    static let all = [
        RecordRule(
            table: SymptomRecord.table, columns: SymptomRecord.columns,
            unreadableColumns: SymptomRecord.unreadableColumns),
        RecordRule(
            table: MeditationRecord.table, columns: MeditationRecord.columns,
            unreadableColumns: MeditationRecord.unreadableColumns),
    ]

    /// How many rows break the rule, by the first column each breaks: a row is counted once.
    func count(_ db: Database) throws -> [(column: String, count: Int)] {
        let quoted = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        let rows = try Row.fetchCursor(db, sql: "SELECT \(quoted) FROM \"\(table)\"")
        var counts: [String: Int] = [:]
        while let row = try rows.next() {
            if let column = unreadableColumns(row).first { counts[column, default: 0] += 1 }
        }
        return columns.compactMap { column in counts[column].map { (column, $0) } }
    }
}
