/// What an id prefix a person typed names: one row, none, or several (their full ids).
public enum PrefixMatch<Item: Equatable>: Equatable {
    case found(Item)
    case none
    case ambiguous([String])

    /// From the rows whose id starts with the prefix (a few are enough to say it is ambiguous).
    init(_ items: [Item], id: (Item) -> String) {
        switch items.count {
        case 0: self = .none
        case 1: self = .found(items[0])
        default: self = .ambiguous(items.map(id))
        }
    }
}
