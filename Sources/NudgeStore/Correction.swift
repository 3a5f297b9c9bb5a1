import GRDB

/// A field a person corrects, or leaves as stored: a correction writes only the columns it
/// names, so a value another program wrote in a shape nudge would not accept survives an edit of
/// the row's other fields.
public enum FieldCorrection<Value: Sendable>: Sendable {
    case keep
    case set(Value)
}

/// `UPDATE table SET column = ?, ... WHERE id = ? [AND condition]`, from the columns a
/// correction names; true when the row was there to update.
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

    func execute(_ db: Database, id: String) throws -> Bool {
        let columns = assignments.map { "\($0.column) = ?" }.joined(separator: ", ")
        try db.execute(
            sql: "UPDATE \(table) SET \(columns) WHERE id = ?\(condition.map { " AND \($0)" } ?? "")",
            arguments: StatementArguments(assignments.map(\.value) + [id]))
        return db.changesCount == 1
    }
}

extension FieldCorrection where Value == String? {
    /// Text as an option gives it: absent keeps what is stored, empty removes it.
    public init(option text: String?) {
        guard let text else {
            self = .keep
            return
        }
        self = .set(text.isEmpty ? nil : text)
    }
}
