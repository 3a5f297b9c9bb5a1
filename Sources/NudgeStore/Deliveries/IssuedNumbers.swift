import Foundation
import GRDB
import NudgeCore

/// Ids a person reads and types back (`nudge ack ID`, `reminders edit ID`), which no two rows
/// of a table ever get. SQLite numbers a row past the highest now in the table: a deleted
/// newest row's id, or a restore that rolls rows back, would give ids again, and a
/// notification still on screen, or an id copied from a listing, would name another row. The
/// highest id given is recorded (`store_metadata`), and every row nudge inserts is numbered
/// past it.
struct IssuedNumbers {
    /// The table numbered, and its `store_metadata` key.
    let table: String
    let key: String

    /// A delivery's id, which a notification's "answer in a terminal" line names: recorded by a
    /// restore (`deliveries_issued_through`) and by a daemon whose store went away.
    static let deliveries = IssuedNumbers(table: "reminder_deliveries", key: "deliveries_issued_through")
    /// A person's own reminder's id, recorded at each insert: `reminders delete` of the newest
    /// gave its id to the next one added (hostile round 18 on issue 39).
    static let ownReminders = IssuedNumbers(table: "own_reminders", key: "own_reminders_issued_through")
    /// A contact's id, which `contacts list` shows and `call log id:N` takes: a removed
    /// contact's went to the next one added (hostile round 21 on issue 39).
    static let contacts = IssuedNumbers(table: "contacts", key: "contacts_issued_through")
    /// The ids a restore keeps given: those the store had given before it.
    static let keptByRestore = [deliveries, ownReminders, contacts]

    /// The recorded mark as SQL; a value another program spoiled (not a whole number from 0 to
    /// 10^12) counts as none, so that no row can ever fail to be numbered.
    private var markSQL: String {
        """
        coalesce((SELECT CAST(value AS INTEGER) FROM store_metadata
                  WHERE key = '\(key)' AND CAST(value AS INTEGER) BETWEEN 0 AND 1000000000000), 0)
        """
    }

    /// The highest id the store has given: its rows' and the mark's.
    var highestSQL: String { "max(coalesce((SELECT max(id) FROM \(table)), 0), \(markSQL))" }

    /// The id of the next row, for the `id` of an INSERT.
    var nextSQL: String { "(SELECT \(highestSQL) + 1)" }

    /// The highest id the store in `db` has given.
    func highest(_ db: Database) throws -> Int64 {
        try StoredColumn.value(db, Int64.self, sql: "SELECT \(highestSQL)") ?? 0
    }

    /// Records that ids up to `id` are given, in the mark itself (the rows that say so may be
    /// deleted); never lowers it.
    func recordIssued(through id: Int64, _ db: Database) throws {
        guard try (StoredColumn.value(db, Int64.self, sql: "SELECT \(markSQL)") ?? 0) < id else { return }
        try db.execute(
            sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)", arguments: [key, String(id)])
    }
}

extension Store {
    /// The highest delivery id the store has given.
    public func deliveriesIssued() throws(StoreError) -> Int64 {
        try read { db in try IssuedNumbers.deliveries.highest(db) }
    }

    /// Numbers the store's deliveries past `id` from now on: another file that was at its path
    /// gave ids up to it, which its notifications still on screen name.
    public func recordDeliveriesIssued(through id: Int64) throws(StoreError) {
        try write { db in try IssuedNumbers.deliveries.recordIssued(through: id, db) }
    }
}

extension Store {
    /// Of the deliveries `shown` (each id with when it was shown), those the store no longer
    /// records as shown then or since: their row is gone, unshown, or shown earlier, as in an
    /// older copy another program put in the store's place.
    public func deliveriesRolledBack(_ shown: [(id: Int64, shownAt: Date)]) throws(StoreError) -> Set<Int64> {
        guard !shown.isEmpty else { return [] }
        return try read { db in
            var rolledBack: Set<Int64> = []
            for (id, shownAt) in shown {
                let recorded = try String.fetchOne(
                    db, sql: "SELECT shown_at FROM reminder_deliveries WHERE id = ?", arguments: [id]
                ).flatMap(Timestamp.parse)
                // To the second, as the store keeps it.
                if (recorded?.timeIntervalSince1970.rounded(.down) ?? -1) < shownAt.timeIntervalSince1970.rounded(.down)
                {
                    rolledBack.insert(id)
                }
            }
            return rolledBack
        }
    }
}
