import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeStore

extension Nudge.Symptoms {
    struct Delete: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a symptom entry.", discussion: "On a terminal it asks first; otherwise it needs --yes.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The entry's id, or a unique prefix of at least 4 characters (nudge symptoms shows 8).",
            transform: Nudge.Symptoms.ids.argument) var id: String
        @Flag(help: "Delete without asking.") var yes = false

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let entry = try Nudge.Symptoms.entry(id, store)
            let what = Nudge.Symptoms.describe(entry, context)
            try context.delete(what, cannotBeUndone: true, yes: yes) {
                try store.run { try $0.deleteSymptom(id: entry.id) }
            }
        }
    }
}
