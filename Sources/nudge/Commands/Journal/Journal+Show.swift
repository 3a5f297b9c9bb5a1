import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Journal {
    struct Show: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one session: every field and its dated reflections.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The session's id, or a unique prefix of at least 4 characters.",
            transform: JournalSessions.ids.argument)
        var id: String
        @Flag(help: "Print one JSON object.") var json = false

        func run(_ context: CommandContext) throws {
            try JournalShow(id: id, json: json).run(context)
        }
    }
}
