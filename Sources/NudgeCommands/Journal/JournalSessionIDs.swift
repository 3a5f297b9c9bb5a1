import NudgeCore
import NudgeStore

/// Sessions as a person names them on the command line: an id, or its unique prefix.
extension JournalSessions {
    public static let ids = IDPrefix(what: "session", listedBy: "nudge journal list", isPrivate: true)

    /// The session `prefix` names; a miss or an ambiguity is refused.
    static func session(_ prefix: String, _ store: Store) throws -> TherapySession {
        try ids.resolve(try store.run { try $0.therapySession(matching: prefix) }, prefix: prefix)
    }
}
