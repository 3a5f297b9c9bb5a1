import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Contacts {
    struct Remove: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a contact and its one-off reminders.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The contact: its id, or its whole name.", completion: StoreCompletion.contactNames)
        var contact: String
        @Flag(help: "Also delete the contact's logged calls (asked on a terminal).") var deleteCalls = false
        @Flag(help: "Delete the logged calls without asking.") var yes = false

        var request: ContactRemove { ContactRemove(contact: contact, deleteCalls: deleteCalls, yes: yes) }

        func run(_ context: CommandContext) throws { try request.run(context) }

        func refusal(_ context: CommandContext) -> String? { request.refusal(context) }
    }
}
