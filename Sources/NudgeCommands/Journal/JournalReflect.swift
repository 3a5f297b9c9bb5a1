import Foundation
import NudgeCore
import NudgeReports
import NudgeStore

/// `nudge journal reflect`: a dated reflection added to a session, given or written in the
/// person's editor.
public struct JournalReflect {
    /// The session's id or its prefix, as typed.
    public var id: String
    /// The reflection; nil: written in $VISUAL or $EDITOR.
    public var text: String?

    public init(id: String, text: String?) { (self.id, self.text) = (id, text) }

    public func run(_ context: CommandContext) throws {
        let store = try context.openStore()
        let session = try reflectedOn(store, context)
        let name = JournalSessions.named(session, context)
        let written: String
        let source: TherapyReflection.Source
        if let text {
            (written, source) = (text, .command)
        } else {
            guard let edited = try Self.edited(session, name: name, context) else { return }
            (written, source) = (edited, .editor)
        }
        guard
            try store.run({
                try $0.addTherapyReflection(to: session.id, text: written, source: source, at: context.now)
            })
        else {
            throw CommandFailure("that session was deleted meanwhile; nothing written", exitCode: 64)
        }
        // Only once the store has it.
        if source == .editor { ReflectionDraft(storePath: context.storePath, sessionID: session.id).discard() }
        context.print("added a reflection to \(name)")
    }

    /// Why a reflection on this id would be refused now (no session has it, or the session
    /// has not happened), as `run` decides it.
    public func refusal(_ context: CommandContext) -> String? {
        do {
            _ = try reflectedOn(try context.openStoreForReading(), context)
            return nil
        } catch {
            return (error as? CommandFailure)?.message ?? String(describing: error)
        }
    }

    /// The session the id names, once it has happened: a session entered ahead has nothing
    /// to reflect on yet (its date, not its texts, said).
    private func reflectedOn(_ store: Store, _ context: CommandContext) throws -> TherapySession {
        let session = try JournalSessions.session(id, store)
        guard session.startedAt <= context.now else {
            // Within now's minute, the seconds are what has not come.
            let minute = { (instant: Date) in (instant.timeIntervalSince1970 / 60).rounded(.down) }
            let toTheSecond = minute(session.startedAt) == minute(context.now)
            let now = toTheSecond ? " (it is \(context.wallClock.timeOfDay(context.now, toTheSecond: true)))" : ""
            throw CommandFailure(
                "session \(session.id.prefix(8)) is dated \(context.understood(session.startedAt, toTheSecond: toTheSecond)), which has not come\(now); reflect on it once it has happened",
                exitCode: 64)
        }
        return session
    }

    /// The reflection written in the person's editor, in a draft kept until the store has it;
    /// nil when there is nothing to add (what was said instead is printed).
    private static func edited(_ session: TherapySession, name: String, _ context: CommandContext) throws -> String? {
        let draft = ReflectionDraft(storePath: context.storePath, sessionID: session.id)
        if draft.exists {
            if context.environment.isTerminal, isatty(STDIN_FILENO) == 1 {
                switch context.choice(
                    aboutDraft: "A reflection on this session was started and not saved; continue it?")
                {
                case .continueIt: break
                case .startAgain: draft.discard()
                case .keepIt:
                    context.print(
                        "kept what was written; nudge journal reflect \(session.id.prefix(8)) offers it again")
                    return nil
                }
            } else {
                context.environment.errors("nudge: continuing the reflection started earlier on this session\n")
            }
        }
        try draft.prepare(heading: "A reflection on \(name).")
        guard try draft.edit(environment: context.environment.variables) else {
            throw CommandFailure(
                "the editor did not finish; what you wrote is kept, and nudge journal reflect \(session.id.prefix(8)) offers it again"
            )
        }
        let edited = try draft.text()
        guard !edited.isEmpty else {
            draft.discard()
            context.print("nothing written; no reflection added")
            return nil
        }
        do { try TherapyReflection.validate(edited, option: "the reflection") } catch {
            throw CommandFailure(
                "\(error.description); it is kept, and the next reflect on this session offers it", exitCode: 64)
        }
        return edited
    }
}
