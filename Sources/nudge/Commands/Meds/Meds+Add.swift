import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Meds {
    struct Add: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a medication taken by day, with its dose, times and weekdays.",
            discussion: """
                NAME is one of DoseTap's medication ids (nudge meds taken --help lists them) or its name, or any name with --custom. The formulation is DoseTap's for a medication it knows, else ir.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The medication: a DoseTap id or name, or any name with --custom.") var name: String
        @Option(help: "The dose with its unit: 100mg, 4.5g.") var dose: String
        @Option(help: "ir, xr or liquid (default: DoseTap's for the medication, else ir).") var formulation: String?
        @Option(help: "The times of day it is due, local: 08:00 or 08:00,14:00.") var at: String
        @Option(help: "The weekdays: daily (the default), mon,wed,fri, a range such as mon-fri, or both.")
        var days: String?
        @Flag(help: "A medication DoseTap does not know, kept under the name given.") var custom = false

        func validate() throws {
            do throws(InputError) {
                try MedicationScheduleCommands.check(
                    name: name, custom: custom, dose: dose, formulation: formulation, at: at, days: days)
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run(_ context: CommandContext) throws {
            try MedicationScheduleCommands.add(
                name: name, custom: custom, dose: dose, formulation: formulation, at: at, days: days, context)
        }
    }
}
