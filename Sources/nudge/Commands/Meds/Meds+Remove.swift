import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Meds {
    struct Remove: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a medication taken by day; what was recorded of it stays.",
            discussion: """
                A dose of it being reminded (shown, unanswered) is recorded missed at the removal, as meds edit records a dose it leaves no time for that day, and its notification is closed.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The medication, as nudge meds list names it (any case), or the whole words its name begins with.")
        var name: String

        func refusal(_ context: CommandContext) -> String? {
            MedicationScheduleCommands.refusal(name: name, verb: "remove", context)
        }

        func run(_ context: CommandContext) throws {
            try MedicationScheduleCommands.remove(name: name, context)
        }
    }
}
