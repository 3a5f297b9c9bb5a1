import Foundation
import GRDB

/// Writes one SQL value into the last row of tables, as another program without nudge's CHECK
/// constraints or foreign keys could.
enum StoreFuzzer {
    struct Column: Sendable {
        var table: String
        var name: String
        var notNull: Bool
        var isRowID: Bool
    }

    /// The store's tables and columns as it has them now (not as the test knew them).
    static func columns(_ path: String) throws -> [Column] {
        try DatabaseQueue(path: path).read { db in
            var columns: [Column] = []
            let tables = try String.fetchAll(
                db,
                sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            for table in tables {
                let info = try Row.fetchAll(db, sql: "PRAGMA table_info(\"\(table)\")")
                let keys = info.filter { ($0["pk"] as Int) > 0 }
                for row in info {
                    let rowID =
                        keys.count == 1 && (row["pk"] as Int) > 0 && (row["type"] as String).uppercased() == "INTEGER"
                    columns.append(
                        Column(table: table, name: row["name"], notNull: row["notnull"] as Int != 0, isRowID: rowID))
                }
            }
            return columns
        }
    }

    /// Copies the seeded store and writes `value` (SQL) into every column of `columns` in the
    /// last row of its table, all of a table's columns at once where the table takes it, else
    /// one by one (a value an INTEGER PRIMARY KEY or a UNIQUE index refuses is left out).
    static func copy(_ seeded: String, to path: String, setting value: String, in columns: [Column]) throws {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let target = try DatabaseQueue(path: path)
        try DatabaseQueue(path: seeded).backup(to: target)
        try target.close()
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let database = try DatabaseQueue(path: path, configuration: configuration)
        try database.writeWithoutTransaction { db in
            // A megabyte in every column is over a hundred: written once, straight to the file.
            try db.execute(sql: "PRAGMA journal_mode = DELETE; PRAGMA synchronous = OFF")
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            for table in Set(columns.map(\.table)).sorted() {
                let written = columns.filter { $0.table == table && !(value == "NULL" && $0.notNull) }
                    .sorted { !$0.isRowID && $1.isRowID }
                guard !written.isEmpty else { continue }
                let last = "rowid = (SELECT max(rowid) FROM \"\(table)\")"
                let all = written.map { "\"\($0.name)\" = \(value)" }.joined(separator: ", ")
                if (try? db.execute(sql: "UPDATE \"\(table)\" SET \(all) WHERE \(last)")) != nil { continue }
                for column in written {
                    try? db.execute(sql: "UPDATE \"\(table)\" SET \"\(column.name)\" = \(value) WHERE \(last)")
                }
            }
        }
        try database.close()
    }
}
