import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Call {
    struct Reminders: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reminders",
            abstract: "List, move or cancel the one-off call reminders still open.",
            subcommands: [List.self, Edit.self, Cancel.self], defaultSubcommand: List.self)
    }
}

extension Nudge.Call.Reminders {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the one-off call reminders still open.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false

        func run(_ context: CommandContext) throws {
            try CallRemindersList.run(json: json, context)
        }
    }
}
