import GRDB
import Synchronization

/// A row a reader left out because another program wrote it in a form nudge cannot read,
/// named by its table and id only: never by a value, which may be private text.
public struct UnreadableRow: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let table: String
    public let id: String

    public var description: String { "\(table) id \(id)" }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.table, lhs.id) < (rhs.table, rhs.id) }
}

/// The rows one store's readers left out since they were last taken. A reader notes a row
/// through `current`, which `Store.read` and `Store.write` set to their store's.
final class UnreadableRows: Sendable {
    @TaskLocal static var current: UnreadableRows?

    private let rows = Mutex<Set<UnreadableRow>>([])

    /// Notes a row of `table` left out. Its id is shown only when it is a number or a short
    /// token (a UUID, `ext-1`): an id another program wrote may be any text.
    static func note(_ table: String, _ row: Row, idColumn: String = "id") {
        guard let current else { return }
        let id: String
        if let number: Int64 = row.stored(idColumn) {
            id = String(number)
        } else if let text: String = row.stored(idColumn), (1...64).contains(text.utf8.count),
            text.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_:.".unicodeScalars.contains($0)
            })
        {
            id = text
        } else {
            id = "(not shown)"
        }
        current.rows.withLock { _ = $0.insert(UnreadableRow(table: table, id: id)) }
    }

    func take() -> Set<UnreadableRow> {
        rows.withLock { rows in
            defer { rows = [] }
            return rows
        }
    }
}
