import GRDB

/// A value nudge keeps for itself in `store_metadata` (its bookkeeping, not a record), one key
/// per type, as one line of text: older versions of nudge and other programs read that text, so
/// each type's form is part of the store's format. What another program wrote under the key in
/// another form is no value of nudge's, and reads as none.
protocol StoreMetadataValue {
    /// Its key in `store_metadata`.
    static var metadataKey: String { get }
    /// nil: not a text nudge writes.
    init?(metadataText: String)
    var metadataText: String { get }
}

extension Store {
    /// The value stored under `Value`'s key; nil when there is none (or no `store_metadata`
    /// yet), or when it is not one nudge writes.
    func metadataValue<Value: StoreMetadataValue>(_: Value.Type) throws(StoreError) -> Value? {
        try read { db in
            guard try db.tableExists("store_metadata"),
                let text = try String.fetchOne(
                    db, sql: "SELECT value FROM store_metadata WHERE key = ?", arguments: [Value.metadataKey])
            else { return nil }
            return Value(metadataText: text)
        }
    }

    /// Records `value` in place of whatever was stored under its key; nil removes it.
    func recordMetadataValue<Value: StoreMetadataValue>(_ value: Value?, as _: Value.Type) throws(StoreError) {
        try write { db in
            guard let value else {
                return try db.execute(
                    sql: "DELETE FROM store_metadata WHERE key = ?", arguments: [Value.metadataKey])
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)",
                arguments: [Value.metadataKey, value.metadataText])
        }
    }
}
