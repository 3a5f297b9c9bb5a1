import NudgeReports
import NudgeStore

/// A row a person deletes by its id, as GRDB's records say how they are fetched and deleted:
/// each kind says how its rows are found by an id's prefix, named in the question, and deleted,
/// and `RowDelete` is the one command over them (`nudge symptoms delete`, `nudge meditations
/// delete`).
public protocol DeletableRow: Equatable {
    /// How the kind's ids are typed and refused, and the listing that shows them.
    static var ids: IDPrefix { get }
    /// The rows whose id `prefix` starts, in one read.
    static func matching(_ prefix: String, in store: Store) throws(StoreError) -> PrefixMatch<Self>
    /// Why it may not be deleted now, the refusal's words; nil when it may.
    var deletionRefusal: String? { get }
    /// It as the question and the confirmation name it: never private text.
    func described(_ context: CommandContext) -> String
    /// Deletes it in one transaction; false when another process deleted it first.
    func delete(from store: Store) throws(StoreError) -> Bool
}

/// One row deleted, asked first on a terminal (`CommandContext.delete`).
public struct RowDelete<Record: DeletableRow> {
    public static var ids: IDPrefix { Record.ids }

    /// The row's id or its prefix, as typed.
    public var id: String
    public var yes: Bool

    public init(id: String, yes: Bool) {
        (self.id, self.yes) = (id, yes)
    }

    /// Why this line would be refused now (no such row, or one not deleted now), or nil.
    public func refusal(_ context: CommandContext) -> String? {
        FoundBeforeOffered.refusal(context) { store in
            let record = try Record.ids.resolve(try store.run { try Record.matching(id, in: $0) }, prefix: id)
            if let refusal = record.deletionRefusal { throw CommandFailure(refusal, exitCode: 64) }
        }
    }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStore()
        let record = try Record.ids.resolve(try store.run { try Record.matching(id, in: $0) }, prefix: id)
        if let refusal = record.deletionRefusal { throw CommandFailure(refusal, exitCode: 64) }
        try context.delete(record.described(context), cannotBeUndone: true, yes: yes) {
            try store.run { try record.delete(from: $0) }
        }
    }
}
