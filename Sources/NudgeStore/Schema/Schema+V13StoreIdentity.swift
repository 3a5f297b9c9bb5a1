import Foundation
import GRDB

/// The store's identity (`store_metadata.store_identity`, a random UUID): made once, copied into
/// every backup, kept by a restore, so that stores sharing one backup directory each know their
/// own backups. A store made before it gets one here, at its next write-opening.
extension Schema {
    static let v13 = Migration(identifier: "v13 store identity") { db, _ in
        try db.execute(
            sql: "INSERT OR IGNORE INTO store_metadata (key, value) VALUES (?, ?)",
            arguments: [Store.identityKey, Store.newIdentity()])
    }
}
