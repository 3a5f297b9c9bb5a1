import ArgumentParser
import NudgeCommands

extension Nudge.Contacts {
    struct Remove: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a contact and its one-off reminders.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The contact: its id, or a name that matches one contact.", completion: StoreCompletion.contactNames)
        var contact: String
        @Flag(help: "Also delete the contact's logged calls.") var deleteCalls = false

        func run(_ context: CommandContext) throws {
            try ContactRemove(contact: contact, deleteCalls: deleteCalls).run(context)
        }
    }
}
