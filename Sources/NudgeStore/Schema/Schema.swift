import Foundation
import GRDB
import NudgeCore

/// The store's schema: one migration per file (`Schema+V<N>...`), each with its own SQL, so that
/// none changes with the code that came after it. Migrations only add; a shipped one is never
/// edited.
///
/// Applied identifiers live in `grdb_migrations`, the table GRDB's migrator kept before, so
/// every existing store stays readable. All missing migrations run in the caller's one
/// IMMEDIATE transaction: two processes meeting on a new store migrate one after the other.
enum Schema {
    struct Migration: Sendable {
        var identifier: String
        var apply: @Sendable (Database, Date) throws -> Void
    }

    static let migrations: [Migration] = [
        v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21,
        v22, v23, v27, v28,
    ]

    static var identifiers: [String] { migrations.map(\.identifier) }

    /// The migrations recorded in the store, in the order they were applied.
    static func applied(_ db: Database) throws -> [String] {
        guard try db.tableExists("grdb_migrations") else { return [] }
        return try StoredColumn.values(db, String.self, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
    }

    /// Runs what is missing; the caller holds the write lock.
    static func migrate(_ db: Database, now: Date) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        let done = Set(try applied(db))
        for migration in migrations where !done.contains(migration.identifier) {
            try migration.apply(db, now)
            try db.execute(
                sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
        }
        // The identity v13 makes is made now: a new store's, or an old one's first.
        if !done.contains(v13.identifier) { try Store.recordIdentityMade(db, at: now) }
    }

    /// Drops nudge's index `name` where another index of `table` starts with the same column.
    static func dropIndex(
        _ db: Database, _ name: String, ifAnotherOn table: String, leadingColumn column: String
    ) throws {
        let others = try String.fetchAll(
            db, sql: "SELECT name FROM pragma_index_list(?) WHERE name <> ?", arguments: [table, name])
        for other in others
        where try String.fetchOne(db, sql: "SELECT name FROM pragma_index_info(?) WHERE seqno = 0", arguments: [other])
            == column
        {
            try db.execute(sql: "DROP INDEX IF EXISTS \(name)")
            return
        }
    }

    /// A store the dose tracker made may predate a column its own later migration added.
    static func addMissingColumns(_ db: Database, table: String, columns: [String: String]) throws {
        let existing = Set(try db.columns(in: table).map(\.name))
        for (name, type) in columns.sorted(by: { $0.key < $1.key }) where !existing.contains(name) {
            try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN \(name) \(type)")
        }
    }
}
