import NudgeCore
import NudgeStore

/// `nudge symptoms delete`: one entry deleted, asked first on a terminal.
public typealias SymptomDelete = RowDelete<SymptomEntry>

extension SymptomEntry: DeletableRow {
    public static var ids: IDPrefix { SymptomEntries.ids }

    public static func matching(_ prefix: String, in store: Store) throws(StoreError) -> PrefixMatch<Self> {
        try store.symptomEntry(matching: prefix)
    }

    public var deletionRefusal: String? { nil }

    public func described(_ context: CommandContext) -> String { SymptomEntries.describe(self, context) }

    public func delete(from store: Store) throws(StoreError) -> Bool { try store.deleteSymptom(id: id) }
}
