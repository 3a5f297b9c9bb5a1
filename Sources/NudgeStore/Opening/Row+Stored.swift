import GRDB

/// Reading what another program may have written: any column of the shared store can hold a
/// value of any type. GRDB's typed subscripts (`row["x"] as Int?`) stop the process on a value
/// of another type, and its typed fetches throw errors that print the whole row, private text
/// included; every stored value is read through these instead, where a value that is not a `T`
/// reads as nil and leaves no trace.
extension Row {
    /// The column's value as a `T`; nil when it is NULL, not a `T`, or the column is missing.
    func stored<T: DatabaseValueConvertible>(_ column: String, as type: T.Type = T.self) -> T? {
        guard hasColumn(column) else { return nil }
        return Self.exactly(T.self, self[column] as DatabaseValue)
    }

    /// GRDB gives a whole number for a REAL by cutting it (2.5 is 2): a value with a fraction
    /// is no whole number, as a listing and doctor must agree (a severity of 2.5 is unreadable).
    static func exactly<T: DatabaseValueConvertible>(_ type: T.Type, _ value: DatabaseValue) -> T? {
        if case .double(let number) = value.storage, number.rounded(.towardZero) != number,
            T.self is any BinaryInteger.Type
        {
            return nil
        }
        // GRDB reads a blob as text where its bytes are UTF-8: a blob is no text (an id of
        // bytes listed raw could be neither shown nor typed back).
        if case .blob = value.storage, T.self == String.self { return nil }
        return T.fromDatabaseValue(value)
    }

    /// The value at `index` as a `T`; nil when it is NULL, not a `T`, or there is no such column.
    func stored<T: DatabaseValueConvertible>(at index: Int, as type: T.Type = T.self) -> T? {
        guard index >= 0, index < count else { return nil }
        return Self.exactly(T.self, self[index] as DatabaseValue)
    }
}

/// One column's values, fetched without GRDB's typed decoding (whose errors print the row).
enum StoredColumn {
    /// The values that are a `T`, in the order of the query; the others are left out.
    static func values<T: DatabaseValueConvertible>(
        _ db: Database, _ type: T.Type = T.self, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> [T] {
        try DatabaseValue.fetchAll(db, sql: sql, arguments: arguments).compactMap(T.fromDatabaseValue)
    }

    /// The first row's value; nil when there is no row or it is not a `T`.
    static func value<T: DatabaseValueConvertible>(
        _ db: Database, _ type: T.Type = T.self, sql: String, arguments: StatementArguments = StatementArguments()
    ) throws -> T? {
        try DatabaseValue.fetchOne(db, sql: sql, arguments: arguments).flatMap(T.fromDatabaseValue)
    }
}
