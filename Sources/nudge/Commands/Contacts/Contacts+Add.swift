import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Contacts {
    struct Add: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a contact, optionally with a stay-in-touch cadence.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The contact's name (at most 200 characters).") var name: String
        @Option(
            parsing: .unconditional, help: "Remind to call every this many days (1-3650).",
            transform: WholeNumber.parser(CallInput.cadenceRange, unit: "days"))
        var every: Int?

        func validate() throws {
            do {
                try CallInput.validate(name: name)
                if let every { try CallInput.validate(every: every) }
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run(_ context: CommandContext) throws {
            let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
            switch try context.openStore().run({ try $0.addContact(name: name, everyDays: every, now: context.now) }) {
            case .failure(let refusal): throw CommandFailure(refusal.description, exitCode: 64)
            case .success(let id):
                context.print("added \(name) (id \(id))" + (every.map { ", " + DurationText.every(days: $0) } ?? ""))
            }
        }
    }
}
