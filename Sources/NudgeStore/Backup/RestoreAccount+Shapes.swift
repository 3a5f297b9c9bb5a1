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

    /// The store's (`main`) columns, indexes, views and triggers the backup (`backup`) lacks,
    /// by kind; the tables themselves are counted by their rows.
    static func shapesNotInBackup(tables: [String], _ db: Database) throws -> [Shapes] {
        var columns = 0
        for table in tables {
            // A table the backup has not is counted by its rows.
            columns +=
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT count(*) FROM pragma_table_info(?1, 'main')
                        WHERE EXISTS (SELECT 1 FROM pragma_table_info(?1, 'backup'))
                          AND name NOT IN (SELECT name FROM pragma_table_info(?1, 'backup'))
                        """,
                    arguments: [table]) ?? 0
        }
        let others = try Row.fetchAll(
            db,
            sql: """
                SELECT type, count(*) FROM main.sqlite_master AS m
                WHERE type IN ('index', 'view', 'trigger') AND sql IS NOT NULL
                  AND NOT EXISTS (SELECT 1 FROM backup.sqlite_master AS b
                                  WHERE b.type = m.type AND b.name = m.name AND b.sql IS m.sql)
                GROUP BY type ORDER BY type
                """
        ).map { Shapes(kind: $0[0], count: $0[1]) }
        return (columns > 0 ? [Shapes(kind: "column", count: columns)] : []) + others
    }

    /// `the backup lacks 1 column, 1 index and 1 trigger another program added to the store,
    /// which the restore removes`, or nil.
    var shapesPhrase: String? {
        guard !shapesNotInBackup.isEmpty else { return nil }
        let phrases = shapesNotInBackup.map {
            "\($0.count) \($0.kind)\($0.count == 1 ? "" : $0.kind == "index" ? "es" : "s")"
        }
        let list =
            phrases.count == 1
            ? phrases[0] : phrases.dropLast().joined(separator: ", ") + " and " + (phrases.last ?? "")
        return "the backup lacks \(list) another program added to the store, which the restore removes"
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
