import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Meditations {
    struct Delete: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete one session from the history.",
            discussion: "On a terminal it asks first; otherwise it needs --yes.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The session's id, or a unique prefix of at least 4 characters (nudge meditations lists 8).",
            transform: MeditationDelete.ids.argument)
        var id: String
        @Flag(help: "Delete without asking.") var yes = false

        func refusal(_ context: CommandContext) -> String? { MeditationDelete(id: id, yes: yes).refusal(context) }

        func run(_ context: CommandContext) throws {
            try MeditationDelete(id: id, yes: yes).run(context)
        }
    }
}
