import GRDB

/// What an id prefix a person typed names: one row, none, or several (their full ids).
public enum PrefixMatch<Item: Equatable>: Equatable {
    case found(Item)
    case none
    case ambiguous([String])

    /// From the rows whose id starts with the prefix (a few are enough to say it is ambiguous).
    private init(_ items: [Item], id: (Item) -> String) {
        switch items.count {
        case 0: self = .none
        case 1: self = .found(items[0])
        default: self = .ambiguous(items.map(id))
        }
    }

    /// The rows of `select` (and `condition`) whose `idColumn` starts with `prefix` in any case;
    /// five at most, enough to say it is ambiguous. A row `item` cannot read is passed over.
    static func fetch(
        _ db: Database, _ select: String, where condition: String? = nil, idColumn: String = "id", prefix: String, item: (Row) -> Item?,
        id: (Item) -> String
    ) throws -> PrefixMatch {
        let rows = try Row.fetchAll(
            db, sql: "\(select) WHERE \(condition.map { "\($0) AND " } ?? "")lower(substr(\(idColumn), 1, ?)) = lower(?) LIMIT 5",
            arguments: [prefix.unicodeScalars.count, prefix])
        return PrefixMatch(rows.compactMap(item), id: id)
    }
}
