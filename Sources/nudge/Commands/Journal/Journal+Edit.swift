import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Journal {
    struct Edit: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Change fields of a session.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The session's id, or a unique prefix of at least 4 characters.",
            transform: Nudge.Journal.ids.argument)
        var id: String
        @OptionGroup var options: TherapyFieldOptions

        func run(_ context: CommandContext) throws {
            let fields = try options.fields(context)
            guard !fields.isEmpty else {
                throw CommandFailure(
                    "give at least one field to change, such as --mood-after N (nudge journal edit --help lists them)",
                    exitCode: 64)
            }
            let store = try context.openStore()
            let session = try Nudge.Journal.session(id, store)
            _ = try context.changing {
                try store.run { try $0.editTherapySession(id: session.id, fields, now: context.now) } ? session : nil
            }
            let changed =
                fields.startedAt.map { "the session \(context.when($0, on: "of", at: "of"))" }
                ?? JournalSessions.named(session, context)
            context.print("changed \(changed) (id \(session.id.prefix(8)))")
        }
    }
}
