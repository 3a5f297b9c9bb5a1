import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Contacts {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract:
                "List contacts with their last call, calls lately, cadence, next reminder and whether they are overdue.",
            discussion:
                "A contact is overdue when more days than its cadence have passed since its last call (before any call, since it was added), or since its reminder was last shown or skipped, whichever is later."
        )
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false

        func run(_ context: CommandContext) throws {
            try ContactsList.run(json: json, context)
        }
    }
}
