import NudgeReports
import NudgeStore

/// `nudge journal delete`: a session deleted with its reflections.
public struct JournalDelete {
    /// The session's id or its prefix, as typed.
    public var id: String
    /// Delete without asking.
    public var yes: Bool

    public init(id: String, yes: Bool) { (self.id, self.yes) = (id, yes) }

    /// Why this line would be refused now for naming no session, or nil.
    public func refusal(_ context: CommandContext) -> String? {
        FoundBeforeOffered.refusal(context) { _ = try JournalSessions.session(id, $0) }
    }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStore()
        let session = try JournalSessions.session(id, store)
        let count = try store.run { try $0.therapyReflections(of: session.id).count }
        let what = "\(JournalSessions.named(session, context)) and its \(count) reflection\(count == 1 ? "" : "s")"
        guard
            try context.delete(
                what, cannotBeUndone: true, yes: yes,
                by: { try store.run { try $0.deleteTherapySession(id: session.id) } })
        else { return }
        // An unsaved reflection on it would be out of reach of every command.
        ReflectionDraft(storePath: context.storePath, sessionID: session.id).discard()
    }
}
