import Foundation
import GRDB

/// What a restore rolls back: the rows of every table of every app (settings too) that the
/// store has and the backup has not, compared by content and primary key (as multisets in a
/// table without one); and the rows the backup has that the store no longer has (deleted since,
/// or in a table dropped since: a restore brings them back). A backup of another store shares
/// no history with the store: its rows replace the store's, and only their numbers are said.
public struct RestoreAccount: Sendable, Equatable {
    /// One table's rows the backup lacks: `added` has a key the backup has not (or the table
    /// has no primary key to tell), `changed` a key the backup has with other content.
    public struct Rows: Sendable, Equatable {
        public var table: String
        public var added: Int
        public var changed: Int

        public var count: Int { added + changed }
    }

    /// A backup of another store: how many rows it has, and the store has, in the tables compared.
    public struct Replacement: Sendable, Equatable {
        public var backupRows: Int
        public var storeRows: Int
    }

    /// A store that was not there to compare: what was written since cannot be counted.
    public enum Absence: Sendable, Equatable {
        /// No file at the path: removed, or moved away (then it is where it was moved).
        case notThere
        /// A file with no tables: emptied (`: > nudge.sqlite`), or a database never written.
        case empty
    }

    public var notInBackup: [Rows]
    /// By table, their number in `added`.
    public var comingBack: [Rows]
    public var otherStore: Replacement?
    public var storeWas: Absence?
    /// Reminders answered in the store and not in the backup: restored, they are unanswered,
    /// and the daemon shows those still due again (a dose taken since is asked again).
    public var answersRolledBack = 0
    /// Reminders shown in the store, unanswered, whose occurrence the backup has not shown:
    /// restored, the daemon shows those still due again, with their sound.
    public var showingsRolledBack = 0
    /// Columns, indexes, views and triggers the store has and the backup has not.
    public var shapesNotInBackup: [Shapes] = []
    /// The backup lacks a migration of this nudge's: the restore brings it up to date.
    public var olderNudge = false
    /// Of the rows counted in `notInBackup`, a sum of their contents' hashes: one written again
    /// while a person was asked counts the same and reads otherwise (hostile round 23 on issue
    /// 39: a second edit of the row the account named was rolled back unasked).
    var contentDigest: Int64 = 0

    public init(
        notInBackup: [Rows] = [], comingBack: [Rows] = [], otherStore: Replacement? = nil, storeWas: Absence? = nil
    ) {
        self.notInBackup = notInBackup
        self.comingBack = comingBack
        self.otherStore = otherStore
        self.storeWas = storeWas
    }

    /// `2 diary entries (1 added, 1 changed), 1 DoseTap medication event and 1 setting written
    /// since then are not in it; 1 setting and 2 diary entries that the store no longer has come
    /// back`, before a restore and after. Those are not said to be deleted: a restore before
    /// may have rolled them back (hostile round 26 on issue 39: a restore of the copy kept
    /// before a restore said "deleted since then" of an entry nobody deleted).
    public var sentence: String {
        switch storeWas {
        case .notThere:
            return
                "there was no store at this path (a new one, or removed or moved away: then it is where it was moved to), so what was written since then cannot be counted"
        case .empty:
            return "the store's file was empty, so what was written since then cannot be counted"
        case nil: break
        }
        if let otherStore {
            let (backup, store) = (otherStore.backupRows, otherStore.storeRows)
            return
                "this backup is of another store: its \(backup) \(backup == 1 ? "row replaces" : "rows replace") this store's \(store)"
        }
        let rowPhrases = notInBackup.map { rows in
            let detail =
                rows.changed == 0
                ? ""
                : rows.added == 0 ? " (\(rows.changed) changed)" : " (\(rows.added) added, \(rows.changed) changed)"
            return StoreTables.phrase(rows.count, table: rows.table) + detail
        }
        let missing: String
        if !rowPhrases.isEmpty {
            let list = Self.list(rowPhrases)
            let verb = rowPhrases.count == 1 && notInBackup[0].count == 1 ? "is" : "are"
            missing = "\(list) written since then \(verb) not in it"
        } else {
            missing = "nothing written since then is missing from it"
        }
        let answers = (shapesPhrase.map { "; \($0)" } ?? "") + rolledBackReminders
        guard !comingBack.isEmpty else { return missing + answers }
        let back = Self.list(comingBack.map { StoreTables.phrase($0.count, table: $0.table) })
        return missing
            + "; \(back) that the store no longer has \(comingBack.count == 1 && comingBack[0].count == 1 ? "comes" : "come") back"
            + answers
    }

    private static func list(_ phrases: [String]) -> String {
        phrases.count == 1 ? phrases[0] : phrases.dropLast().joined(separator: ", ") + " and " + (phrases.last ?? "")
    }

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
