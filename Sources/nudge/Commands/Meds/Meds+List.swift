import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Meds {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the medications taken by day: dose, formulation, times and weekdays.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "As JSON.") var json = false

        func run(_ context: CommandContext) throws {
            try MedicationScheduleCommands.list(json: json, context)
        }
    }
}
