import GRDB
import Synchronization

/// A row a reader left out because another program wrote it in a form nudge cannot read,
/// named by its table and id only: never by a value, which may be private text.
///
/// It is one row by its table and rowid, so that a listing, the daemon and `nudge doctor` count
/// the same rows: two rows whose ids cannot be shown (NULL, a blob, text of words) are two.
public struct UnreadableRow: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let table: String
    public let rowid: Int64
    /// The id as it can be shown; nil when it cannot (the rowid names the row then).
    public let id: String?

    public var description: String { "\(table) \(id.map { "id \($0)" } ?? "rowid \(rowid)")" }

    public static func == (lhs: Self, rhs: Self) -> Bool { (lhs.table, lhs.rowid) == (rhs.table, rhs.rowid) }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(table)
        hasher.combine(rowid)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.table, lhs.rowid) < (rhs.table, rhs.rowid) }
}

/// The rows one store's readers left out since they were last taken. A reader notes a row
/// through `current`, which `Store.read` and `Store.write` set to their store's.
final class UnreadableRows: Sendable {
    @TaskLocal static var current: UnreadableRows?

    private let rows = Mutex<Set<UnreadableRow>>([])

    /// Notes a row of `table` left out. Every reader selects the rowid: a column `rowid`, or in a
    /// table whose id is an INTEGER PRIMARY KEY, `id` (SQLite's own name for its rowid there).
    /// The id is shown only when it is a number or a short token (a UUID, `ext-1`): an id
    /// another program wrote may be any text.
    static func note(_ table: String, _ row: Row) {
        guard let current, let rowid: Int64 = row.stored("rowid") ?? row.stored("id") else { return }
        var id: String?
        if let number: Int64 = row.stored("id") {
            id = String(number)
        } else if let text: String = row.stored("id"), (1...64).contains(text.utf8.count),
            text.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_:.".unicodeScalars.contains($0)
            })
        {
            id = text
        }
        current.rows.withLock { _ = $0.insert(UnreadableRow(table: table, rowid: rowid, id: id)) }
    }

    func take() -> Set<UnreadableRow> {
        rows.withLock { rows in
            defer { rows = [] }
            return rows
        }
    }
}
