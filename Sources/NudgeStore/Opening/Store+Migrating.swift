import Foundation
import GRDB

/// What a store's opening reads of its migrations and shape, and the migration that follows.
extension Store {
    /// The migrations applied, once the store is known to be usable: not migrated by a newer
    /// nudge, no table of nudge's in another shape. The shape is not checked again at
    /// `shapeCheckedAt`, the schema version at which it was found usable: SQLite changes the
    /// version with any change of any table.
    static func appliedMigrations(_ db: Database, path: String, shapeCheckedAt: Int? = nil) throws -> [String] {
        // GRDB caches the schema per connection; another process may have changed it.
        db.clearSchemaCache()
        let applied = try Schema.applied(db)
        let unknown = Set(applied).subtracting(Schema.identifiers).sorted()
        guard unknown.isEmpty else { throw StoreError.newerSchema(path: path, unknownMigrations: unknown) }
        if try shapeCheckedAt == nil || schemaVersion(db) != shapeCheckedAt, let problem = try StoreShape.problem(db) {
            throw StoreError.unusable(path: path, problem: problem)
        }
        return applied
    }

    /// What a read-only opening needs to know of the file: the migrations applied (the tables
    /// checked), whether it is a backup, and the schema version the tables were checked at.
    static func readingState(_ db: Database, path: String) throws -> (
        applied: [String], isBackup: Bool, shapeCheckedAt: Int?
    ) {
        (try appliedMigrations(db, path: path), try isBackup(db), try schemaVersion(db))
    }

    /// SQLite's `schema_version`, changed by every change of the schema, by any connection.
    static func schemaVersion(_ db: Database) throws -> Int? {
        try Int.fetchOne(db, sql: "PRAGMA schema_version")
    }

    /// Reads first (a refusal leaves the file byte for byte as it was), then switches to WAL
    /// and migrates (and makes the store's identity its own) in one IMMEDIATE transaction, which
    /// checks again: another process may have migrated, or shaped the file, in between.
    static func checkAndMigrate(
        _ database: DatabaseQueue, path: String, now: Date, shapeCheckedAt: Int? = nil
    ) throws {
        func check(_ db: Database, shapeCheckedAt: Int? = nil) throws -> (complete: Bool, journalMode: String) {
            let applied = try appliedMigrations(db, path: path, shapeCheckedAt: shapeCheckedAt)
            let complete =
                try applied.count == Schema.identifiers.count && !OccurrenceIdentities.missing(db) && CallDue.isKept(db)
                && !identityUnclaimed(db, path: path)
            return (complete, try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "")
        }
        let state = try database.read { db in try check(db, shapeCheckedAt: shapeCheckedAt) }
        if state.journalMode != "wal" {
            // GRDB's own WAL setup is not used: it writes a table and drops it whenever the
            // -wal file is empty, a schema change in a shared store on every open.
            try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        }
        guard !state.complete else { return }
        try database.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                guard try !check(db).complete else { return .commit }
                try Schema.migrate(db, now: now)
                if try OccurrenceIdentities.missing(db) { try OccurrenceIdentities.repair(db) }
                if try !CallDue.isKept(db) { try CallDue.rebuild(db) }
                try claimIdentity(db, path: path, now: now)
                return .commit
            }
        }
    }
}
