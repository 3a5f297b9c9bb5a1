import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Contacts {
    struct Remove: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a contact and its one-off reminders.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The contact: its id, or a name that matches one contact.", completion: StoreCompletion.contactNames)
        var contact: String
        @Flag(help: "Also delete the contact's logged calls.") var deleteCalls = false

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let found = try ContactNames.resolve(contact, in: store)
            switch try store.run({ try $0.removeContact(found.id, deletingCalls: deleteCalls) }) {
            case .failure(let refusal): throw CommandFailure("\(found.name): \(refusal)", exitCode: 64)
            case .success(let calls):
                context.print(
                    "removed \(found.name) (id \(found.id))" + (calls > 0 ? " and \(calls) logged calls" : ""))
            }
        }
    }
}
