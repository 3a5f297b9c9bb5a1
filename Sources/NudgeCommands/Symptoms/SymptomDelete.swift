import NudgeStore

/// `nudge symptoms delete`: one entry deleted, asked first on a terminal.
public struct SymptomDelete {
    /// The entry's id or its prefix, as typed.
    public var id: String
    public var yes: Bool

    public init(id: String, yes: Bool) {
        (self.id, self.yes) = (id, yes)
    }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStore()
        let entry = try SymptomEntries.entry(id, store)
        let what = SymptomEntries.describe(entry, context)
        try context.delete(what, cannotBeUndone: true, yes: yes) {
            try store.run { try $0.deleteSymptom(id: entry.id) }
        }
    }
}
