import GRDB

/// `UPDATE table SET column = ?, ... WHERE id = ? [AND condition]`, from the columns an edit
/// names: the others keep what is stored.
struct ColumnUpdate {
    var table: String
    var condition: String?
    private var assignments: [(column: String, value: (any DatabaseValueConvertible)?)] = []

    init(table: String, condition: String? = nil) {
        self.table = table
        self.condition = condition
    }

    mutating func set(_ column: String, _ value: (any DatabaseValueConvertible)?) {
        assignments.append((column, value))
    }

    mutating func set<Value: DatabaseValueConvertible>(_ column: String, _ correction: FieldCorrection<Value?>) {
        if case .set(let value) = correction { set(column, value) }
    }

    /// True when the row was there to update.
    func execute(_ db: Database, id: String) throws -> Bool {
        let columns = assignments.map { "\($0.column) = ?" }.joined(separator: ", ")
        try db.execute(
            sql: "UPDATE \(table) SET \(columns) WHERE id = ?\(condition.map { " AND \($0)" } ?? "")",
            arguments: StatementArguments(assignments.map(\.value) + [id]))
        return db.changesCount == 1
    }
}
