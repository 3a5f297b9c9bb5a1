import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Meds {
    struct Edit: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a medication taken by day: its dose, formulation, times or weekdays.",
            discussion: """
                On the day of the edit, a dose that came due before it and is not at a time the new schedule keeps is moved to the new schedule's times of that day, in time order, never added to them: taken, skipped or recorded, it stays that day's dose and the new time is not asked that day; not yet answered, it is asked at its new time (at once, if that time has passed), its notification closed, nothing recorded missed. A dose being reminded that the edit leaves no time for that day is recorded missed.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The medication, as nudge meds list names it (any case), or the whole words its name begins with.")
        var name: String
        @Option(help: "The dose with its unit: 100mg, 4.5g.") var dose: String?
        @Option(help: "ir, xr or liquid.") var formulation: String?
        @Option(help: "The times of day it is due, local: 08:00 or 08:00,14:00.") var at: String?
        @Option(help: "The weekdays: daily, mon,wed,fri, a range such as mon-fri, or both.") var days: String?

        func validate() throws {
            do throws(InputError) {
                try MedicationScheduleCommands.check(
                    name: nil, custom: false, dose: dose, formulation: formulation, at: at, days: days)
            } catch {
                throw ValidationError(error.description)
            }
        }

        func refusal(_ context: CommandContext) -> String? {
            MedicationScheduleCommands.refusal(name: name, verb: "edit", context)
        }

        func run(_ context: CommandContext) throws {
            try MedicationScheduleCommands.edit(
                name: name, dose: dose, formulation: formulation, at: at, days: days, context)
        }
    }
}
