import Foundation
import GRDB

/// The store's identity: which backups in a shared backup directory are this store's.
extension Store {
    /// `store_metadata`'s key of the store's identity, in the store and in each of its backups.
    static let identityKey = "store_identity"
    /// `store_metadata`'s key of the instant a backup was taken, in the backup only.
    static let backupTakenAtKey = "backup_taken_at"

    static func newIdentity() -> String { UUID().uuidString.lowercased() }

    /// The store's identity; nil for a store migrated before identities that no nudge has
    /// opened for writing since.
    public func identity() throws(StoreError) -> String? {
        try read { db in try Self.identity(db) }
    }

    /// The identity of the store at `path`, read without creating or migrating anything; nil
    /// when there is no store there, SQLite cannot read it, or it has none yet.
    public static func identity(at path: String) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        return (try? openReadOnly(path, configuration).read { db in try identity(db) }) ?? nil
    }

    static func identity(_ db: Database) throws -> String? {
        guard try db.tableExists("store_metadata") else { return nil }
        return try String.fetchOne(
            db, sql: "SELECT value FROM store_metadata WHERE key = ?", arguments: [identityKey])
    }
}
