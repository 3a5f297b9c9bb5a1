import Foundation
import GRDB

/// A delivery's id is what `nudge ack ID` and a notification's "answer in a terminal" line name,
/// so no two deliveries ever get one. SQLite numbers a row past the highest now in the table:
/// a restore that rolls deliveries back would give their ids again, and a notification of a
/// rolled-back delivery still on screen would answer another reminder. The restore records the
/// highest id the store had given (`store_metadata` `deliveries_issued_through`), and every
/// delivery nudge inserts is numbered past it.
enum DeliveryNumbers {
    static let issuedThroughKey = "deliveries_issued_through"

    /// The recorded mark as SQL; a value another program spoiled (not a whole number from 0 to
    /// 10^12) counts as none, so that no delivery can ever fail to be numbered.
    private static let markSQL = """
        coalesce((SELECT CAST(value AS INTEGER) FROM store_metadata
                  WHERE key = '\(issuedThroughKey)' AND CAST(value AS INTEGER) BETWEEN 0 AND 1000000000000), 0)
        """

    /// The highest id the store has given: its rows' and the mark's.
    static let highestSQL = "max(coalesce((SELECT max(id) FROM reminder_deliveries), 0), \(markSQL))"

    /// The id of the next delivery, for the `id` of an INSERT.
    static let nextSQL = "(SELECT \(highestSQL) + 1)"

    /// The highest id the store in `db` has given.
    static func highest(_ db: Database) throws -> Int64 {
        try StoredColumn.value(db, Int64.self, sql: "SELECT \(highestSQL)") ?? 0
    }

    /// Records that ids up to `id` are given; never lowers the mark.
    static func recordIssued(through id: Int64, _ db: Database) throws {
        guard try id > highest(db) else { return }
        try db.execute(
            sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)",
            arguments: [issuedThroughKey, String(id)])
    }
}

extension Store {
    /// The highest delivery id the store has given.
    public func deliveriesIssued() throws(StoreError) -> Int64 {
        try read { db in try DeliveryNumbers.highest(db) }
    }

    /// Numbers the store's deliveries past `id` from now on: another file that was at its path
    /// gave ids up to it, which its notifications still on screen name.
    public func recordDeliveriesIssued(through id: Int64) throws(StoreError) {
        try write { db in try DeliveryNumbers.recordIssued(through: id, db) }
    }
}
