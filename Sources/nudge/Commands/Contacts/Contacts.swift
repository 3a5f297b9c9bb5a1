import ArgumentParser
import Foundation
import NudgeReports
import NudgeStore

extension Nudge {
    struct Contacts: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "contacts",
            abstract: "Add, list, edit and remove contacts, people to stay in touch with.",
            subcommands: [Add.self, List.self, Edit.self, Remove.self],
            defaultSubcommand: List.self
        )
    }
}
