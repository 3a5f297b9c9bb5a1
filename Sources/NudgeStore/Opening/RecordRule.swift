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
        RecordRule(
            table: TherapySessionRecord.table, columns: TherapySessionRecord.columns,
            unreadableColumns: TherapySessionRecord.unreadableColumns),
        RecordRule(
            table: TherapyReflectionRecord.table, columns: TherapyReflectionRecord.columns,
            unreadableColumns: TherapyReflectionRecord.unreadableColumns),
        RecordRule(
            table: ContactRecord.table, columns: ContactRecord.columns,
            unreadableColumns: ContactRecord.unreadableColumns),
        RecordRule(
            table: CallLogRecord.table, columns: CallLogRecord.columns,
            unreadableColumns: CallLogRecord.unreadableColumns),
        RecordRule(
            table: MedicationScheduleRecord.table, columns: MedicationScheduleRecord.columns,
            unreadableColumns: MedicationScheduleRecord.unreadableColumns),
    ]

    /// How many rows break the rule, by the first column each breaks (each row once), and of
    /// the rows it reads, how many break one of the table's CHECK or NOT NULL `constraints`
    /// (by the first): those a listing shows with what it can read.
    func count(_ db: Database, constraints: [(column: String?, broken: String)]) throws -> (
        leftOut: [(column: String, count: Int)], shown: [(column: String?, count: Int)]
    ) {
        let read = columns.map { "\"\($0)\"" } + constraints.map { "CASE WHEN \($0.broken) THEN 1 ELSE 0 END" }
        let rows = try Row.fetchCursor(db, sql: "SELECT \(read.joined(separator: ", ")) FROM \"\(table)\"")
        var leftOut: [String: Int] = [:]
        var shown: [Int: Int] = [:]
        while let row = try rows.next() {
            if let column = unreadableColumns(row).first {
                leftOut[column, default: 0] += 1
            } else if let broken = constraints.indices.first(where: { row.stored(at: columns.count + $0) == 1 }) {
                shown[broken, default: 0] += 1
            }
        }
        // Constraints of one column counted under it once.
        var shownByColumn: [(column: String?, count: Int)] = []
        for (index, constraint) in constraints.enumerated() {
            guard let count = shown[index] else { continue }
            if let same = shownByColumn.firstIndex(where: { $0.column == constraint.column }) {
                shownByColumn[same].count += count
            } else {
                shownByColumn.append((constraint.column, count))
            }
        }
        return (columns.compactMap { column in leftOut[column].map { (column, $0) } }, shownByColumn)
    }
}
