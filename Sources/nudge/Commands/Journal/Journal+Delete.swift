import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Journal {
    struct Delete: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a session with its reflections.",
            discussion: "On a terminal it asks first; otherwise it needs --yes.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The session's id, or a unique prefix of at least 4 characters.",
            transform: JournalSessions.ids.argument)
        var id: String
        @Flag(help: "Delete without asking.") var yes = false

        func refusal(_ context: CommandContext) -> String? { JournalDelete(id: id, yes: yes).refusal(context) }

        func run(_ context: CommandContext) throws {
            try JournalDelete(id: id, yes: yes).run(context)
        }
    }
}
