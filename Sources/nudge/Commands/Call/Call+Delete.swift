import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Call {
    struct Delete: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a call as the Monica client does: marked deleted and pending sync, never removed.",
            discussion:
                "The contact's cadence counts from its latest call not marked deleted at once. On a terminal it asks first; otherwise it needs --yes."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The call's id, or a unique prefix of at least 4 characters (nudge call history shows 8).",
            transform: Self.ids.argument)
        var id: String
        @Flag(help: "Delete without asking.") var yes = false

        /// The ids `nudge call <id>`'s refusal names the listing of.
        static let ids = CallEntries.ids

        func refusal(_ context: CommandContext) -> String? { CallDelete(id: id, yes: yes).refusal(context) }

        func run(_ context: CommandContext) throws {
            try CallDelete(id: id, yes: yes).run(context)
        }
    }
}
