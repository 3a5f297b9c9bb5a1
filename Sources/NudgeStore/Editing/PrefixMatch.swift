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

    /// The row of `select` (and `condition`) whose `idColumn` is `prefix` exactly; else the rows
    /// it starts, in its own case, then in any case (five at most, enough to say it is
    /// ambiguous). Ids other programs wrote (`ext-1`, two differing only in case) can so be
    /// named whole. A prefix shorter than `shortestPrefix` names only an exact id. A row
    /// `item` cannot read is passed over.
    static func fetch(
        _ db: Database, _ select: String, where condition: String? = nil, idColumn: String = "id", prefix: String,
        item: (Row) -> Item?,
        id: (Item) -> String
    ) throws -> PrefixMatch {
        let filter = "\(select) WHERE \(condition.map { "\($0) AND " } ?? "")"
        let length = prefix.unicodeScalars.count
        let attempts: [(sql: String, arguments: StatementArguments)] = [
            ("\(idColumn) = ?", [prefix]),
            ("substr(\(idColumn), 1, ?) = ?", [length, prefix]),
            ("lower(substr(\(idColumn), 1, ?)) = lower(?)", [length, prefix]),
        ]
        for (index, attempt) in attempts.enumerated() where index == 0 || length >= shortestPrefix {
            let rows = try Row.fetchAll(db, sql: filter + attempt.sql + " LIMIT 5", arguments: attempt.arguments)
                .compactMap(item)
            if !rows.isEmpty { return PrefixMatch(rows, id: id) }
        }
        return .none
    }

    /// The fewest characters of an id that name it by prefix.
    public static var shortestPrefix: Int { 4 }
}
