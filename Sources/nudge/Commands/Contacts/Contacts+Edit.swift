import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Contacts {
    struct Edit: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Rename a contact or change its cadence.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The contact: its id, or its whole name.", completion: StoreCompletion.contactNames)
        var contact: String
        @Option(help: "A new name.") var name: String?
        @Option(
            parsing: .unconditional, help: "Remind to call every this many days (1-3650), or weeks: 14, 14d, 2w.",
            transform: WholeNumber.days(CallInput.cadenceRange))
        var every: Int?
        @Flag(help: "No cadence: no reminders unless asked with 'nudge call remind'.") var noCadence = false

        func validate() throws {
            do {
                if let name { try CallInput.validate(name: name) }
                if let every { try CallInput.validate(every: every) }
            } catch {
                throw ValidationError(error.description)
            }
            if every != nil && noCadence {
                throw ValidationError("--every and --no-cadence contradict each other; give one")
            }
            if name == nil && every == nil && !noCadence {
                throw ValidationError("nothing to change; give --name, --every or --no-cadence")
            }
        }

        func refusal(_ context: CommandContext) -> String? {
            ContactEdit(contact: contact, name: name, every: every, noCadence: noCadence).refusal(context)
        }

        func run(_ context: CommandContext) throws {
            try ContactEdit(contact: contact, name: name, every: every, noCadence: noCadence).run(context)
        }
    }
}
