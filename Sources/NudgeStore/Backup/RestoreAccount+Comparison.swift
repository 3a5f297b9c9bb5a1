import Foundation
import GRDB

/// How a restore's account is made: the store and the backup compared in SQL, table by table.
extension RestoreAccount {
    /// Compares the store at `storePath` (read with its WAL, in one snapshot) with the backup
    /// at `backupPath` (a file alone, read immutable and attached), in SQL, on the columns both
    /// have: each row with the backup's row of the same primary key, or as multisets of whole rows in a
    /// table without one.
    public static func compare(store storePath: String, backup backupPath: String) throws -> RestoreAccount {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = LockWait.busyMode
        configuration.label = "nudge.restore-account"
        let store = try Store.openReadOnly(storePath, configuration)
        return try store.inDatabase { db in
            try db.execute(
                sql: "ATTACH DATABASE ? AS backup", arguments: ["file:\(Store.uriEscaped(backupPath))?immutable=1"])
            defer { try? db.execute(sql: "DETACH DATABASE backup") }
            // Each row looks its key up in the other file: through the page cache's own map
            // rather than read() into SQLite's small cache (a million rows: 4 s, not 9).
            for schema in ["main", "backup"] { try db.execute(sql: "PRAGMA \(schema).mmap_size = 2147418112") }
            db.add(function: RowHash.function)
            var account = RestoreAccount()
            try db.inTransaction(.deferred) {
                account = try compareAttached(db)
                return .commit
            }
            return account
        }
    }

    /// `compare` of the store (`main`) and the backup attached as `backup`, in one transaction.
    private static func compareAttached(_ db: Database) throws -> RestoreAccount {
        let (tables, backupTables) = (try StoreTables.compared(db), try StoreTables.compared(db, schema: "backup"))
        // Emptied, its rows cannot be told from a store that never had any.
        if try Int.fetchOne(db, sql: "SELECT count(*) FROM main.sqlite_master") == 0 {
            return RestoreAccount(storeWas: .empty)
        }
        if let ours = try identity("main", db), let theirs = try identity("backup", db), ours != theirs {
            return RestoreAccount(
                otherStore: Replacement(
                    backupRows: try rows(backupTables, schema: "backup", db),
                    storeRows: try rows(tables, schema: "main", db)))
        }
        var account = RestoreAccount()
        // The alarms sent beyond this computer stay recorded (`keepEscalations`).
        for table in tables where table != Store.escalationsTable {
            let (rows, deleted, digest) = try compare(table, db)
            if rows.count > 0 { account.notInBackup.append(rows) }
            account.contentDigest &+= digest
            if deleted > 0 { account.comingBack.append(Rows(table: table, added: deleted, changed: 0)) }
        }
        account.shapesNotInBackup = try shapesNotInBackup(tables: tables, db)
        account.olderNudge = takenByOlderNudge(db)
        account.answersRolledBack = answeredSince(db)
        account.showingsRolledBack = shownSince(db)
        // A table dropped since: the restore brings it back, with its rows.
        for table in backupTables where !tables.contains(table) {
            let count = try rows([table], schema: "backup", db)
            if count > 0 { account.comingBack.append(Rows(table: table, added: count, changed: 0)) }
        }
        return account
    }

    private static func compare(_ table: String, _ db: Database) throws -> (Rows, deleted: Int, digest: Int64) {
        let name = StoreTables.quoted(table)
        let columns = try columnNames(table, schema: "main", db)
        let inBackup = try columnNames(table, schema: "backup", db)
        guard !inBackup.isEmpty else {
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.\(name)") ?? 0
            return (Rows(table: table, added: count, changed: 0), 0, 0)
        }
        let common = columns.filter { column in inBackup.contains { $0.name == column.name } }
        let list = common.map { StoreTables.quoted($0.name) }.joined(separator: ", ")
        guard !common.isEmpty else { return (Rows(table: table, added: 0, changed: 0), 0, 0) }
        let key = columns.filter { $0.key > 0 }.sorted { $0.key < $1.key }.map(\.name)
        let keyInBackup = inBackup.filter { $0.key > 0 }.sorted { $0.key < $1.key }.map(\.name)
        // Without the same primary key on both sides there is no key to look rows up by, nor
        // to tell a changed row from an added one: the rows' content is compared whole.
        guard !key.isEmpty, key == keyInBackup else {
            let (added, deleted) = try multisetSurplus(name, columns: list, where: "1", db)
            return (Rows(table: table, added: added, changed: 0), deleted, 0)
        }
        let quotedKey = key.map(StoreTables.quoted)
        let keyed = { (alias: String) in quotedKey.map { "\(alias).\($0) IS NOT NULL" }.joined(separator: " AND ") }
        let unkeyed = try unkeyedRows(name, columns: common.map { StoreTables.quoted($0.name) }, key: quotedKey, db)
        // A join on the key, an index lookup a row: an EXCEPT sorts both tables whole into a
        // temporary table, 35 s for a million diary entries.
        let joined = quotedKey.map { "old.\($0) = new.\($0)" }.joined(separator: " AND ")
        // A column only the store has is content the restore takes away, unless empty.
        let same =
            (common.map { "old.\(StoreTables.quoted($0.name)) IS new.\(StoreTables.quoted($0.name))" }
            + columns.filter { column in !common.contains { $0.name == column.name } }.map {
                "new.\(StoreTables.quoted($0.name)) IS NULL"
            }).joined(separator: " AND ")
        let hashed = columns.map { "new.\(StoreTables.quoted($0.name))" }.joined(separator: ", ")
        let counted = try Row.fetchOne(
            db,
            sql: """
                SELECT coalesce(sum(old.\(quotedKey[0]) IS NULL), 0),
                coalesce(sum(old.\(quotedKey[0]) IS NOT NULL AND NOT (\(same))), 0),
                coalesce(sum(CASE WHEN old.\(quotedKey[0]) IS NULL OR NOT (\(same))
                                  THEN \(RowHash.name)(\(hashed)) END), 0)
                FROM main.\(name) AS new LEFT JOIN backup.\(name) AS old ON \(joined)
                WHERE \(keyed("new"))
                """)
        let deleted =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM backup.\(name) AS old
                    WHERE \(keyed("old")) AND NOT EXISTS (SELECT 1 FROM main.\(name) AS new WHERE \(joined))
                    """) ?? 0
        return (
            Rows(
                table: table, added: (counted?[0] ?? 0) + unkeyed.added,
                changed: (counted?[1] ?? 0) + unkeyed.changed),
            deleted + unkeyed.deleted, counted?[2] ?? 0
        )
    }

    /// The rows with a NULL in their key: SQLite lets another program store one in a key that is
    /// not an INTEGER PRIMARY KEY (`VALUES(null, …)`), and NULL equals nothing. Such rows are
    /// paired by rowid, as nudge's readers name them: one rowid on both sides with other content
    /// is one row changed (an edit), not one added and one deleted. The rest are compared whole
    /// as multisets, so that a row a VACUUM gave another rowid is still the same row.
    private static func unkeyedRows(
        _ name: String, columns: [String], key quotedKey: [String], _ db: Database
    ) throws -> (added: Int, changed: Int, deleted: Int) {
        let unkeyed = { (alias: String) in
            "(" + quotedKey.map { "\(alias).\($0) IS NULL" }.joined(separator: " OR ") + ")"
        }
        // A table without a rowid holds no NULL key (and has no rowid to pair by).
        let found =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT EXISTS (SELECT 1 FROM main.\(name) AS candidate WHERE \(unkeyed("candidate")))
                    OR EXISTS (SELECT 1 FROM backup.\(name) AS candidate WHERE \(unkeyed("candidate")))
                    """) ?? 0
        guard found == 1 else { return (0, 0, 0) }
        let same = columns.map { "old.\($0) IS new.\($0)" }.joined(separator: " AND ")
        let changed =
            try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM main.\(name) AS new JOIN backup.\(name) AS old ON old.rowid = new.rowid
                    WHERE \(unkeyed("new")) AND \(unkeyed("old")) AND NOT (\(same))
                    """) ?? 0
        let unpaired = { (other: String) in
            "\(unkeyed("candidate")) AND NOT EXISTS (SELECT 1 FROM \(other).\(name) AS twin WHERE twin.rowid = candidate.rowid AND \(unkeyed("twin")))"
        }
        let (added, deleted) = try multisetSurplus(
            name, columns: columns.joined(separator: ", "), where: unpaired("backup"), inBackup: unpaired("main"), db)
        return (added, changed, deleted)
    }

    /// The rows matching `filter` (in the backup `inBackup`; each side's table is `candidate`) compared
    /// whole as multisets (a row twice in the store and once in the backup is one added): each
    /// distinct row's count in the store less its count in the backup, summed where the store
    /// has more (`added`) and where the backup has (`deleted`).
    private static func multisetSurplus(
        _ name: String, columns list: String, where filter: String, inBackup: String? = nil, _ db: Database
    ) throws -> (added: Int, deleted: Int) {
        let side = "nudge_account_side"
        let counted = try Row.fetchOne(
            db,
            sql: """
                SELECT coalesce(sum(max(surplus, 0)), 0), coalesce(sum(max(-surplus, 0)), 0) FROM (
                SELECT sum(\(side)) AS surplus FROM (
                SELECT \(list), 1 AS \(side) FROM main.\(name) AS candidate WHERE \(filter)
                UNION ALL SELECT \(list), -1 FROM backup.\(name) AS candidate WHERE \(inBackup ?? filter))
                GROUP BY \(list))
                """)
        return (counted?[0] ?? 0, counted?[1] ?? 0)
    }

    /// The rows of `tables` in `schema`.
    private static func rows(_ tables: [String], schema: String, _ db: Database) throws -> Int {
        try tables.reduce(0) { sum, table in
            sum + (try Int.fetchOne(db, sql: "SELECT count(*) FROM \(schema).\(StoreTables.quoted(table))") ?? 0)
        }
    }

    /// The store identity recorded in `schema`, when it has one.
    private static func identity(_ schema: String, _ db: Database) throws -> String? {
        guard
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM \(schema).sqlite_master WHERE type = 'table' AND name = 'store_metadata'"
            )
                == 1
        else { return nil }
        return Store.wellFormed(
            try String.fetchOne(
                db, sql: "SELECT value FROM \(schema).store_metadata WHERE key = ?", arguments: [Store.identityKey]))
    }
}
