import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Journal {
    struct Add: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a session.",
            discussion: """
                On a terminal without --type it asks for each field in turn (Enter skips one) and keeps what was typed after every field in a private draft beside the store, so a closed terminal loses nothing; the next add offers to continue it. A second session in the same minute is not added: with the same fields it already exists (exit 0), with others it is refused, naming its id.
                """)
        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: TherapyFieldOptions

        func run(_ context: CommandContext) throws {
            guard let type = options.type else {
                guard context.environment.isTerminal, isatty(STDIN_FILENO) == 1 else {
                    throw CommandFailure(
                        "give the treatment type with --type (\(TherapySession.TreatmentType.accepted)); on a terminal, nudge journal add asks for each field",
                        exitCode: 64)
                }
                guard let asked = try JournalPrompts(context: context).run(store: context.openStore()) else {
                    return context.print("kept what was typed; the next nudge journal add offers it again")
                }
                return context.print(try JournalSessions.confirmation(of: asked.adding, given: asked.given, context))
            }
            let fields = try options.fields(context)
            let startedAt = fields.startedAt ?? context.now
            let adding = try context.openStore().run {
                try $0.addTherapySession(fields, startedAt: startedAt, type: type, now: context.now)
            }
            context.print(try JournalSessions.confirmation(of: adding, given: fields, context))
        }
    }
}
