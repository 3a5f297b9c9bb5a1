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
    /// at `backupPath` (a file alone, read immutable and attached), in SQL, on the columns both
    /// have: each row with the backup's row of the same primary key, or whole (`EXCEPT`) in a
    /// table without one.
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
            // Each row looks its key up in the other file: through the page cache's own map
            // rather than read() into SQLite's small cache (a million rows: 4 s, not 9).
            for schema in ["main", "backup"] { try db.execute(sql: "PRAGMA \(schema).mmap_size = 2147418112") }
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
        let key = columns.filter { $0.key > 0 }.sorted { $0.key < $1.key }.map(\.name)
        let keyInBackup = inBackup.filter { $0.key > 0 }.sorted { $0.key < $1.key }.map(\.name)
        // Without the same primary key on both sides there is no key to look rows up by, nor
        // to tell a changed row from an added one: the rows' content is compared whole.
        guard !key.isEmpty, key == keyInBackup else {
            let except = { (from: String, to: String) in
                "SELECT count(*) FROM (SELECT \(list) FROM \(from).\(name) EXCEPT SELECT \(list) FROM \(to).\(name))"
            }
            let added = try Int.fetchOne(db, sql: except("main", "backup")) ?? 0
            let deleted = try Int.fetchOne(db, sql: except("backup", "main")) ?? 0
            return (Rows(table: table, added: added, changed: 0), deleted)
        }
        // A join on the key, an index lookup a row: an EXCEPT sorts both tables whole into a
        // temporary table, 35 s for a million diary entries.
        let quotedKey = key.map(StoreTables.quoted)
        let joined = quotedKey.map { "old.\($0) = new.\($0)" }.joined(separator: " AND ")
        let same = common.map { "old.\(StoreTables.quoted($0.name)) IS new.\(StoreTables.quoted($0.name))" }
            .joined(separator: " AND ")
        let counted = try Row.fetchOne(
            db,
            sql: """
                SELECT coalesce(sum(old.\(quotedKey[0]) IS NULL), 0),
                coalesce(sum(old.\(quotedKey[0]) IS NOT NULL AND NOT (\(same))), 0)
                FROM main.\(name) AS new LEFT JOIN backup.\(name) AS old ON \(joined)
                """)
        let deleted =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM backup.\(name) AS old
                    WHERE NOT EXISTS (SELECT 1 FROM main.\(name) AS new WHERE \(joined))
                    """) ?? 0
        return (Rows(table: table, added: counted?[0] ?? 0, changed: counted?[1] ?? 0), deleted)
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
