import NudgeStore

/// Logged calls as a person names them on the command line: an id, or its unique prefix.
public enum CallEntries {
    public static let ids = IDPrefix(what: "call", listedBy: "nudge call history")

    /// The call `prefix` names; a miss or an ambiguity is refused.
    static func call(_ prefix: String, _ store: Store) throws -> Store.CallLogRow {
        try ids.resolve(try store.run { try $0.callLog(matching: prefix) }, prefix: prefix)
    }
}
