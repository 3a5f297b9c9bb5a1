import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Contacts {
    struct Add: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add a contact, optionally with a stay-in-touch cadence.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The contact's name (at most 200 characters).") var name: String
        @Option(
            parsing: .unconditional, help: "Remind to call every this many days (1-3650), or weeks: 14, 14d, 2w.",
            transform: WholeNumber.days(CallInput.cadenceRange))
        var every: Int?
        /// What a contact without --every has; taken here too, as the range refusal offers it.
        @Flag(help: "No cadence (as without --every): no reminders unless asked with 'nudge call remind'.")
        var noCadence = false

        func validate() throws {
            if every != nil && noCadence {
                throw ValidationError("--every and --no-cadence contradict each other; give one")
            }
            do {
                try CallInput.validate(name: name)
                if let every { try CallInput.validate(every: every) }
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run(_ context: CommandContext) throws {
            try ContactAdd(name: name, every: every).run(context)
        }
    }
}
