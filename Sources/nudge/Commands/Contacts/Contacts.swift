import ArgumentParser
import Foundation
import NudgeReports
import NudgeStore

extension Nudge {
    struct Contacts: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add, list, edit and remove the people to stay in touch with.",
            subcommands: [Add.self, List.self, Edit.self, Remove.self],
            defaultSubcommand: List.self
        )
    }
}

extension Nudge.Contacts {
    /// Finds CONTACT (an id, or a name that matches one contact); a miss or an ambiguity is refused.
    static func resolve(_ text: String, in store: Store) throws -> ContactRow {
        switch try store.run({ try $0.resolveContact(text) }) {
        case .success(let contact): return contact
        case .failure(let refusal): throw CommandFailure(refusal.description, exitCode: 64)
        }
    }
}
