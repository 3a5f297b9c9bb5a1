import NudgeStore
import Synchronization

/// The stores a command opened, so that the rows their readers left out can be named once the
/// command is done: one line on standard error, by table and id, never with a value.
public final class UnreadableRowsNote: Sendable {
    private let stores = Mutex<[Store]>([])

    public func opened(_ store: Store) -> Store {
        stores.withLock { $0.append(store) }
        return store
    }

    /// The line, or nil when every row read could be read.
    public func line() -> String? {
        let rows = Set(stores.withLock { $0 }.flatMap { $0.takeUnreadableRows() }).sorted()
        guard !rows.isEmpty else { return nil }
        let named = rows.prefix(5).map(\.description) + (rows.count > 5 ? ["\(rows.count - 5) more"] : [])
        return
            "nudge: \(rows.count == 1 ? "a row" : "\(rows.count) rows") another program wrote cannot be read and \(rows.count == 1 ? "is" : "are") left out (\(named.joined(separator: ", "))); the program that wrote \(rows.count == 1 ? "it" : "them") can correct \(rows.count == 1 ? "it" : "them")"
    }
}
