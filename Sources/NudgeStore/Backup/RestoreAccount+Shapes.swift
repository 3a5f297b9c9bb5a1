import Foundation
import GRDB

/// What another program added to the store's shape since the backup (a column, an index, a
/// view, a trigger): the restore puts the backup's shape back, and they go with it, the
/// column's values too (hostile round 23 on issue 39: "nothing written since then is missing"
/// after a column, its values, an index, a view and a trigger were rolled back).
extension RestoreAccount {
    /// Of one kind of shape, how many the store has and the backup has not.
    public struct Shapes: Sendable, Equatable {
        public var kind: String
        public var count: Int
    }

    /// The store's (`main`) columns, indexes, views and triggers the backup (`backup`) lacks and
    /// nudge's own shape has not (those the restore's migrations make again), by kind; the
    /// tables themselves are counted by their rows.
    static func shapesNotInBackup(tables: [String], _ db: Database) throws -> [Shapes] {
        let own = OwnShape.current
        var columns = 0
        for table in tables {
            let inBackup = Set(
                try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?, 'backup')", arguments: [table]))
            // A table the backup has not is counted by its rows.
            guard !inBackup.isEmpty else { continue }
            columns += try String.fetchAll(
                db, sql: "SELECT name FROM pragma_table_info(?, 'main')", arguments: [table]
            ).count { !inBackup.contains($0) && !own.columns.contains("\(table).\($0)") }
        }
        let added = try Row.fetchAll(
            db,
            sql: """
                SELECT type, name FROM main.sqlite_master AS m
                WHERE type IN ('index', 'view', 'trigger') AND sql IS NOT NULL
                  AND NOT EXISTS (SELECT 1 FROM backup.sqlite_master AS b
                                  WHERE b.type = m.type AND b.name = m.name AND b.sql IS m.sql)
                """
        ).map { (kind: $0[0] as String, name: $0[1] as String) }.filter {
            !own.others.contains("\($0.kind) \($0.name)")
        }
        let others = Dictionary(grouping: added) { $0.kind }.sorted { $0.key < $1.key }.map {
            Shapes(kind: $0.key, count: $0.value.count)
        }
        return (columns > 0 ? [Shapes(kind: "column", count: columns)] : []) + others
    }

    /// Whether the backup lacks a migration of this nudge's: an older nudge took it, and the
    /// restore brings it up to date.
    static func takenByOlderNudge(_ db: Database) -> Bool {
        let applied = (try? String.fetchAll(db, sql: "SELECT identifier FROM backup.grdb_migrations")) ?? []
        return !Set(Schema.identifiers).isSubset(of: applied)
    }

    /// `the backup lacks 1 column, 1 index and 1 trigger another program added to the store,
    /// which the restore removes`, or nil; what an older nudge's backup lacks is brought up to date.
    var shapesPhrase: String? {
        let older =
            olderNudge ? "the backup was taken by an older nudge, and is brought up to date as it is restored" : nil
        guard !shapesNotInBackup.isEmpty else { return older }
        let phrases = shapesNotInBackup.map {
            "\($0.count) \($0.kind)\($0.count == 1 ? "" : $0.kind == "index" ? "es" : "s")"
        }
        let list =
            phrases.count == 1
            ? phrases[0] : phrases.dropLast().joined(separator: ", ") + " and " + (phrases.last ?? "")
        return (older.map { $0 + "; " } ?? "")
            + "the backup lacks \(list) another program added to the store, which the restore removes"
    }

    /// The table's columns in `schema` with their place in its primary key (0: not in it).
    static func columnNames(_ table: String, schema: String, _ db: Database) throws -> [(
        name: String, key: Int
    )] {
        try Row.fetchAll(db, sql: "PRAGMA \(schema).table_info(\(StoreTables.quoted(table)))").map { row in
            (name: row["name"] as String, key: row["pk"] as Int)
        }
    }
}
