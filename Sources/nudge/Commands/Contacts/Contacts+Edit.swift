import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Contacts {
    struct Edit: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a contact or change its cadence.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The contact: its id, or a name that matches one contact.", completion: StoreCompletion.contactNames)
        var contact: String
        @Option(help: "A new name.") var name: String?
        @Option(
            parsing: .unconditional, help: "Remind to call every this many days (1-3650).",
            transform: WholeNumber.parser(CallInput.cadenceRange, unit: "days"))
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

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let found = try ContactNames.resolve(contact, in: store)
            let change: Store.CadenceChange = every.map { .set($0) } ?? (noCadence ? .remove : .keep)
            let newName = name?.trimmingCharacters(in: .whitespacesAndNewlines)
            if case .failure(let refusal) = try store.run({
                try $0.editContact(found.id, name: newName, cadence: change)
            }) {
                throw CommandFailure(refusal.description, exitCode: 64)
            }
            context.print("updated \(newName ?? found.name) (id \(found.id)): \(changes(from: found, name: newName))")
        }

        /// What changed, each with what it was: `every 10 days (was every 7 days)`.
        private func changes(from old: ContactRow, name newName: String?) -> String {
            func cadence(_ days: Int?) -> String { days.map { "every \($0) day\($0 == 1 ? "" : "s")" } ?? "no cadence" }
            var said: [String] = []
            if let newName, newName != old.name { said.append("renamed from \(old.name)") }
            let days = every ?? (noCadence ? nil : old.everyDays)
            let was = old.hasUnreadableCadence ? "an unreadable cadence" : cadence(old.everyDays)
            if days != old.everyDays || (old.hasUnreadableCadence && (every != nil || noCadence)) {
                said.append("\(cadence(days)) (was \(was))")
            }
            return said.isEmpty ? "nothing changed" : said.joined(separator: "; ")
        }
    }
}
