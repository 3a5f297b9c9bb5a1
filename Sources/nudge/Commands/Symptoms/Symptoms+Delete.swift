import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Symptoms {
    struct Delete: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a symptom entry.", discussion: "On a terminal it asks first; otherwise it needs --yes.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The entry's id, or a unique prefix of at least 4 characters (nudge symptoms shows 8).",
            transform: SymptomEntries.ids.argument) var id: String
        @Flag(help: "Delete without asking.") var yes = false

        func refusal(_ context: CommandContext) -> String? { SymptomDelete(id: id, yes: yes).refusal(context) }

        func run(_ context: CommandContext) throws {
            try SymptomDelete(id: id, yes: yes).run(context)
        }
    }
}
