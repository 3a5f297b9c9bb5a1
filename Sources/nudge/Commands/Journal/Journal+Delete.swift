import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Journal {
    struct Delete: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a session with its reflections.",
            discussion: "On a terminal it asks first; otherwise it needs --yes.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The session's id, or a unique prefix of at least 4 characters.",
            transform: Nudge.Journal.ids.argument)
        var id: String
        @Flag(help: "Delete without asking.") var yes = false

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let session = try Nudge.Journal.session(id, store)
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
}
