import Foundation
import GRDB

/// Nudge's own shape, as its migrations make it on an empty database: what a backup of an older
/// nudge lacks and its restore brings up to date, never what another program added (hostile
/// round 26 on issue 39: "the backup lacks 5 columns and 1 index another program added", all
/// nudge's, and all there after the restore).
enum OwnShape {
    /// `table.column` of each column; `type name` of each index, view and trigger.
    static let current: (columns: Set<String>, others: Set<String>) = made()

    private static func made() -> (columns: Set<String>, others: Set<String>) {
        do {
            return try DatabaseQueue().write { db in
                try Schema.migrate(db, now: Date(timeIntervalSince1970: 0))
                let columns = try String.fetchAll(
                    db,
                    sql: """
                        SELECT m.name || '.' || p.name FROM sqlite_master AS m, pragma_table_info(m.name) AS p
                        WHERE m.type = 'table'
                        """)
                let others = try String.fetchAll(
                    db, sql: "SELECT type || ' ' || name FROM sqlite_master WHERE type IN ('index', 'view', 'trigger')")
                return (Set(columns), Set(others))
            }
        } catch {
            return ([], [])
        }
    }
}
