import GRDB

/// An alarm sent beyond this computer stays sent: a restore cannot call back the phone that
/// rang. Rolled back with the rest, its record let the next daemon run `alarm.escalate_command`
/// again for the same alarm (hostile round on issue 41 after B14, High 2: a daemon restarted
/// after the restore). A restore keeps the replaced store's records in the restored one, the
/// replaced store's being the later word on each alarm (whatever store the backup was taken
/// from: the alarm went out from this computer all the same).
extension Store {
    /// The table kept whole across a restore: the account does not count it as rolled back.
    static let escalationsTable = "reminder_escalations"

    /// The replaced store's escalation records, with their columns; none when it has no table.
    static func escalations(kept db: Database) throws -> [Row] {
        guard try db.tableExists(escalationsTable) else { return [] }
        return try Row.fetchAll(db, sql: "SELECT * FROM \(escalationsTable)")
    }

    /// Writes `rows` into the restored store (`db`) over its own records of the same alarms,
    /// in the columns both have.
    static func keepEscalations(_ rows: [Row], _ db: Database) throws {
        guard let first = rows.first, try db.tableExists(escalationsTable) else { return }
        let restoredColumns = Set(try db.columns(in: escalationsTable).map(\.name))
        let columns = first.columnNames.filter(restoredColumns.contains)
        guard columns.contains("reminder_key") else { return }
        let list = columns.map(StoreTables.quoted).joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let statement = try db.makeStatement(
            sql: "INSERT OR REPLACE INTO \(escalationsTable) (\(list)) VALUES (\(marks))")
        for row in rows {
            try statement.execute(arguments: StatementArguments(columns.map { row[$0] as DatabaseValue }))
        }
    }
}
