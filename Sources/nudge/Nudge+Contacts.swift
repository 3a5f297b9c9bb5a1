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
        static let configuration = CommandConfiguration(
            abstract: "List contacts with their last call, calls lately, cadence, next reminder and whether they are overdue.",
            discussion: "A contact is overdue when more days than its cadence have passed since its last call (or since it was added, before any call).")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON array.") var json = false

        func run(_ context: CommandContext) throws {
            let store = try context.openStoreForReading()
            let (contacts, settings, counts) = try store.run { (try $0.contacts(), try $0.settings(), try $0.recentCallCounts(now: context.now)) }
            let clock = context.wallClock
            let today = clock.date(of: context.now)
            func nextDue(_ contact: ContactRow) -> Date? {
                contact.cadence.flatMap {
                    CallReminder.occurrences(contacts: [$0], reminders: [], settings: settings, clock: clock).dueAt.first
                }
            }
            /// Days past the day the cadence asked for a call; nil when not overdue or without a cadence.
            func overdueDays(_ contact: ContactRow) -> Int? {
                guard let everyDays = contact.everyDays else { return nil }
                let days = today.daysSinceEpoch - clock.date(of: contact.lastCall ?? contact.createdAt).adding(days: everyDays).daysSinceEpoch
                return days > 0 ? days : nil
            }
            try context.print(
                Listing(
                    items: contacts,
                    row: {
                        ContactRowJSON(
                            id: $0.id, name: $0.name, stayInTouchDays: $0.everyDays, lastCallAt: $0.lastCall, callsLast30Days: counts[$0.id]?.last30Days ?? 0,
                            callsLast365Days: counts[$0.id]?.last365Days ?? 0, nextDueAt: nextDue($0), overdue: overdueDays($0) != nil, overdueDays: overdueDays($0))
                    },
                    columns: [
                        .init("ID") { String($0.id) }, .init("NAME") { $0.name },
                        .init("EVERY") { $0.everyDays.map { DurationText.every(days: $0) } ?? "-" },
                        .init("LAST CALL") { $0.lastCall.map { LocalFormat.dateTime($0, clock: clock) } ?? "never" },
                        .init("30D") { String(counts[$0.id]?.last30Days ?? 0) }, .init("365D") { String(counts[$0.id]?.last365Days ?? 0) },
                        .init("NEXT DUE") { nextDue($0).map { LocalFormat.dateTime($0, clock: clock) } ?? "-" },
                        .init("OVERDUE") { overdueDays($0).map { "\($0) day\($0 == 1 ? "" : "s")" } ?? "-" },
                    ],
                    whenEmpty: "No contacts yet. Add one with: nudge contacts add NAME --every DAYS"),
                json: json)
        }

        struct ContactRowJSON: Encodable {
            var id: Int64
            var name: String
            @NullWhenAbsent var stayInTouchDays: Int?
            @TimestampText var lastCallAt: Date?
            var callsLast30Days: Int
            var callsLast365Days: Int
            @TimestampText var nextDueAt: Date?
            var overdue: Bool
            @NullWhenAbsent var overdueDays: Int?

            /// Spelled out: the snake-case encoder would write `calls_last30_days`.
            enum CodingKeys: String, CodingKey {
                case id, name, stayInTouchDays, lastCallAt, nextDueAt, overdue, overdueDays
                case callsLast30Days = "calls_last_30_days"
                case callsLast365Days = "calls_last_365_days"
            }
        }
    }

    struct Edit: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a contact or change its cadence.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The contact: its id, or a name that matches one contact.", completion: StoreCompletion.contactNames) var contact: String
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
        @Argument(help: "The contact: its id, or a name that matches one contact.", completion: StoreCompletion.contactNames) var contact: String
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
