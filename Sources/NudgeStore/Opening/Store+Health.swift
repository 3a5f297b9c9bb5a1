import Foundation
import GRDB
import NudgeCore

/// What doctor and the daemon's upkeep ask of the open store.
extension Store {
    /// The migrations applied, oldest first, SQLite's integrity check, and the file's journal
    /// mode (as its header records it where the store is read as a copy in memory).
    public func health() throws(StoreError) -> (migrations: [String], integrity: IntegrityCheck, journalMode: String) {
        let copied = database.path == ":memory:" && FileManager.default.fileExists(atPath: path)
        return try read { db in
            (
                try Schema.applied(db),
                IntegrityCheck(answers: try String.fetchAll(db, sql: "PRAGMA integrity_check")),
                copied ? HeaderJournalMode.of(path) : try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "?"
            )
        }
    }

    /// Frees SQLite's page cache and other memory it can give up; the next read fills it again
    /// from the operating system's file cache.
    public func releaseMemory() throws(StoreError) {
        try read { db in try db.execute(sql: "PRAGMA shrink_memory") }
    }

    /// Changes whenever another connection has committed since the last call on this one.
    public func dataVersion() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
