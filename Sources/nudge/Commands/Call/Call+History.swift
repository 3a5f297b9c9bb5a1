import ArgumentParser
import Foundation
import NudgeCommandLine
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Call {
    struct History: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "List the calls, newest first, with duration, mood, notes and each call's id.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "Only this contact's calls: its id, or its whole name.",
            completion: StoreCompletion.contactNames) var contact: String?
        @Flag(help: "Print one JSON array.") var json = false

        func run(_ context: CommandContext) throws {
            try context.print(CallHistory.listing(contact: contact, context), json: json)
        }
    }
}
