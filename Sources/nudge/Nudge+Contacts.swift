import ArgumentParser
import Foundation
import NudgeCore
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

/// Finds CONTACT (an id, or a name that matches one contact); a miss or an ambiguity is refused.
func resolve(_ text: String, in store: Store) throws -> ContactRow {
    switch try store.run({ try $0.resolveContact(text) }) {
    case .success(let contact): return contact
    case .failure(let refusal): throw CommandFailure(refusal.description, exitCode: 64)
    }
}

extension Nudge.Contacts {
    struct Add: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Add a contact, optionally with a stay-in-touch cadence.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The contact's name (at most 200 characters).") var name: String
        @Option(parsing: .unconditional, help: "Remind to call every this many days (1-3650).", transform: WholeNumber.parser(CallInput.cadenceRange))
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
            case .success(let id): context.print("added \(name) (id \(id))" + (every.map { ", " + DurationText.every(days: $0) } ?? ""))
            }
        }
    }

    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "List contacts with their last call, cadence and next due reminder.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let contacts = try store.run { try $0.contacts() }
            let settings = try store.run { try $0.settings() }
            let clock = context.wallClock
            func nextDue(_ contact: ContactRow) -> Date? {
                contact.cadence.flatMap {
                    CallReminder.occurrences(contacts: [$0], reminders: [], settings: settings, clock: clock).dueAt.first
                }
            }
            try context.print(
                Listing(
                    items: contacts, row: {
                        ContactRowJSON(id: $0.id, name: $0.name, stayInTouchDays: $0.everyDays, lastCallAt: $0.lastCall, nextDueAt: nextDue($0))
                    },
                    columns: [
                        .init("ID") { String($0.id) }, .init("NAME") { $0.name },
                        .init("EVERY") { $0.everyDays.map { DurationText.every(days: $0) } ?? "-" },
                        .init("LAST CALL") { $0.lastCall.map { LocalFormat.dateTime($0, clock: clock) } ?? "never" },
                        .init("NEXT DUE") { nextDue($0).map { LocalFormat.dateTime($0, clock: clock) } ?? "-" },
                    ],
                    whenEmpty: "No contacts yet. Add one with: nudge contacts add NAME --every DAYS"),
                json: json)
        }

        struct ContactRowJSON: Encodable {
            var id: Int64
            var name: String
            @NullWhenAbsent var stayInTouchDays: Int?
            @TimestampText var lastCallAt: Date?
            @TimestampText var nextDueAt: Date?
        }
    }

    struct Edit: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a contact or change its cadence.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The contact: its id, or a name that matches one contact.") var contact: String
        @Option(help: "A new name.") var name: String?
        @Option(parsing: .unconditional, help: "Remind to call every this many days (1-3650).", transform: WholeNumber.parser(CallInput.cadenceRange))
        var every: Int?
        @Flag(help: "No cadence: no reminders unless asked with 'nudge call remind'.") var noCadence = false

        func validate() throws {
            do {
                if let name { try CallInput.validate(name: name) }
                if let every { try CallInput.validate(every: every) }
            } catch {
                throw ValidationError(error.description)
            }
            if every != nil && noCadence { throw ValidationError("--every and --no-cadence contradict each other; give one") }
            if name == nil && every == nil && !noCadence { throw ValidationError("nothing to change; give --name, --every or --no-cadence") }
        }

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let found = try resolve(contact, in: store)
            let change: Store.CadenceChange = every.map { .set($0) } ?? (noCadence ? .remove : .keep)
            let newName = name?.trimmingCharacters(in: .whitespacesAndNewlines)
            if case .failure(let refusal) = try store.run({ try $0.editContact(found.id, name: newName, cadence: change) }) {
                throw CommandFailure(refusal.description, exitCode: 64)
            }
            context.print("updated \(newName ?? found.name) (id \(found.id))")
        }
    }

    struct Remove: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a contact and its one-off reminders.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The contact: its id, or a name that matches one contact.") var contact: String
        @Flag(help: "Also delete the contact's logged calls.") var deleteCalls = false

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let found = try resolve(contact, in: store)
            switch try store.run({ try $0.removeContact(found.id, deletingCalls: deleteCalls) }) {
            case .failure(let refusal): throw CommandFailure("\(found.name): \(refusal)", exitCode: 64)
            case .success(let calls): context.print("removed \(found.name) (id \(found.id))" + (calls > 0 ? " and \(calls) logged calls" : ""))
            }
        }
    }
}
