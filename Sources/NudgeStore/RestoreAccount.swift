import Foundation
import GRDB

/// What a restore rolls back: the rows of every table of every app (settings too) that the
/// store has and the backup has not, compared by content and primary key; and how many rows
/// the backup has whose key the store no longer has (deleted since: a restore brings them back).
public struct RestoreAccount: Sendable, Equatable {
    /// One table's rows the backup lacks: `added` has a key the backup has not (or the table
    /// has no primary key to tell), `changed` a key the backup has with other content.
    public struct Rows: Sendable, Equatable {
        public var table: String
        public var added: Int
        public var changed: Int

        public var count: Int { added + changed }
    }

    public var notInBackup: [Rows]
    public var deletedSince: Int

    /// `2 diary entries (1 added, 1 changed), 1 DoseTap medication event and 1 setting written
    /// since then are not in it; 3 rows deleted since then come back`, before a restore and after.
    public var sentence: String {
        let phrases = notInBackup.map { rows in
            let detail =
                rows.changed == 0
                ? ""
                : rows.added == 0 ? " (\(rows.changed) changed)" : " (\(rows.added) added, \(rows.changed) changed)"
            return StoreTables.phrase(rows.count, table: rows.table) + detail
        }
        let missing: String
        if let last = phrases.last {
            let list = phrases.count == 1 ? last : phrases.dropLast().joined(separator: ", ") + " and " + last
            let verb = phrases.count == 1 && notInBackup[0].count == 1 ? "is" : "are"
            missing = "\(list) written since then \(verb) not in it"
        } else {
            missing = "nothing written since then is missing from it"
        }
        guard deletedSince > 0 else { return missing }
        let back =
            deletedSince == 1
            ? "1 row deleted since then comes back" : "\(deletedSince) rows deleted since then come back"
        return missing + "; " + back
    }

    /// Compares the store at `storePath` (read with its WAL, in one snapshot) with the backup
    /// at `backupPath` (a file alone, read immutable and attached), in SQL: each table's rows
    /// on the columns both have (`EXCEPT`), then their primary key in the backup.
    public static func compare(store storePath: String, backup backupPath: String) throws -> RestoreAccount {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(60)
        configuration.label = "nudge.restore-account"
        let store = try Store.openReadOnly(storePath, configuration)
        return try store.inDatabase { db in
            try db.execute(
                sql: "ATTACH DATABASE ? AS backup", arguments: ["file:\(Store.uriEscaped(backupPath))?immutable=1"])
            defer { try? db.execute(sql: "DETACH DATABASE backup") }
            var account = RestoreAccount(notInBackup: [], deletedSince: 0)
            try db.inTransaction(.deferred) {
                for table in try StoreTables.compared(db) {
                    let (rows, deleted) = try compare(table, db)
                    if rows.count > 0 { account.notInBackup.append(rows) }
                    account.deletedSince += deleted
                }
                return .commit
            }
            return account
        }
    }

    private static func compare(_ table: String, _ db: Database) throws -> (Rows, deleted: Int) {
        let name = StoreTables.quoted(table)
        let columns = try columnNames(table, schema: "main", db)
        let inBackup = try columnNames(table, schema: "backup", db)
        guard !inBackup.isEmpty else {
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.\(name)") ?? 0
            return (Rows(table: table, added: count, changed: 0), 0)
        }
        let common = columns.filter { column in inBackup.contains { $0.name == column.name } }
        let list = common.map { StoreTables.quoted($0.name) }.joined(separator: ", ")
        guard !common.isEmpty else { return (Rows(table: table, added: 0, changed: 0), 0) }
        let key = common.filter { $0.key > 0 }.sorted { $0.key < $1.key }.map { StoreTables.quoted($0.name) }
        let keyIsCommon = !key.isEmpty && key.count == columns.filter { $0.key > 0 }.count
        let differing = "SELECT \(list) FROM main.\(name) EXCEPT SELECT \(list) FROM backup.\(name)"
        guard keyIsCommon else {
            let added = try Int.fetchOne(db, sql: "SELECT count(*) FROM (\(differing))") ?? 0
            let deleted =
                try Int.fetchOne(
                    db,
                    sql:
                        "SELECT count(*) FROM (SELECT \(list) FROM backup.\(name) EXCEPT SELECT \(list) FROM main.\(name))"
                ) ?? 0
            return (Rows(table: table, added: added, changed: 0), deleted)
        }
        let matching = { (outer: String, inner: String) in
            key.map { "\(inner).\($0) = \(outer).\($0)" }.joined(separator: " AND ")
        }
        let counted = try Row.fetchOne(
            db,
            sql: """
                SELECT count(*), coalesce(sum(EXISTS (SELECT 1 FROM backup.\(name) AS old WHERE \(matching("new", "old")))), 0)
                FROM (\(differing)) AS new
                """)
        let total = counted?[0] as Int? ?? 0
        let changed = counted?[1] as Int? ?? 0
        let deleted =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM backup.\(name) AS old
                    WHERE NOT EXISTS (SELECT 1 FROM main.\(name) AS new WHERE \(matching("old", "new")))
                    """) ?? 0
        return (Rows(table: table, added: total - changed, changed: changed), deleted)
    }

    /// The table's columns in `schema` with their place in its primary key (0: not in it).
    private static func columnNames(_ table: String, schema: String, _ db: Database) throws -> [(
        name: String, key: Int
    )] {
        try Row.fetchAll(db, sql: "PRAGMA \(schema).table_info(\(StoreTables.quoted(table)))").map { row in
            (name: row["name"] as String, key: row["pk"] as Int)
        }
    }
}
