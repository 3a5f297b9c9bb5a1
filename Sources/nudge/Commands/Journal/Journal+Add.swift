import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Journal {
    struct Add: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a session.",
            discussion: """
                On a terminal without --type it asks for each field in turn (Enter skips one) and keeps what was typed after every field in a private draft beside the store, so a closed terminal loses nothing; the next add offers to continue it. A second session in the same minute is not added: with the same fields it already exists (exit 0), with others it is refused, naming its id.
                """)
        @OptionGroup var global: GlobalOptions
        @OptionGroup var options: TherapyFieldOptions

        func run(_ context: CommandContext) throws {
            try JournalAdd(fields: options.request).run(context)
        }
    }
}
