import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Journal {
    struct Edit: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change fields of a session.",
            discussion: """
                A session moved into the minute of another is refused, exit 64, nothing changed, as nudge journal add refuses a second session in a minute.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The session's id, or a unique prefix of at least 4 characters.",
            transform: JournalSessions.ids.argument)
        var id: String
        @OptionGroup var options: TherapyFieldOptions

        func run(_ context: CommandContext) throws {
            try JournalEdit(id: id, fields: options.request).run(context)
        }
    }
}
