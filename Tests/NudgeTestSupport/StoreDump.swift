import Foundation
import GRDB
import NudgeStore

/// A logical dump of a SQLite file (schema and every row), to show a refusal changed nothing.
public enum StoreDump {
    public static func of(_ path: String, tables: [String]? = nil) throws -> String {
        try readOnly(path).read { db in
            var lines: [String] = []
            let schema = try Row.fetchAll(
                db, sql: "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name")
            for row in schema {
                let name: String = row["name"]
                if let tables, !tables.contains(name) { continue }
                lines.append("\(row["type"] as String) \(name): \(row["sql"] as String? ?? "")")
                guard row["type"] as String == "table" else { continue }
                for record in try Row.fetchAll(db, sql: "SELECT * FROM \"\(name)\" ORDER BY rowid") {
                    lines.append("  \(record.description)")
                }
            }
            return lines.joined(separator: "\n")
        }
    }

    /// The bytes of a file, for a file that must not be touched at all.
    public static func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }
}

/// A read-only connection that waits for other processes' locks, as the store's own does: a
/// daemon that just stopped checkpoints on close, and SQLite may answer BUSY without waiting.
func readOnly(_ path: String) throws -> DatabaseQueue {
    var configuration = Configuration()
    configuration.readonly = true
    configuration.busyMode = .timeout(10)
    let deadline = Date().addingTimeInterval(10)
    while true {
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}

/// Reads a few columns of a store as text, for checking what a process wrote.
public enum StoreQuery {
    /// Makes the store as nudge does (its tables, WAL), created at `now`: a command that only
    /// reads makes none.
    public static func create(_ path: String, now: Date = TestClock.now()) throws {
        _ = try Store(path: path, now: now)
    }

    /// Runs `sql` in one write transaction, as another program writing the store would.
    public static func write(_ path: String, _ sql: String) throws {
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        try database.write { db in try db.execute(sql: sql) }
    }

    public static func rows(_ path: String, _ sql: String) throws -> [[String: String]] {
        try readOnly(path).read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                Dictionary(
                    uniqueKeysWithValues: row.columnNames.map { name in
                        (name, (row[name] as DatabaseValue).storage.textValue)
                    })
            }
        }
    }
}

extension DatabaseValue.Storage {
    fileprivate var textValue: String {
        switch self {
        case .null: "NULL"
        case .int64(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): value
        case .blob(let value): value.base64EncodedString()
        }
    }
}
