import ArgumentParser
import Foundation
import NudgeCore
import NudgeStore

extension Nudge.Call {
    struct History: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "List the calls, newest first, with duration, mood, notes and each call's id.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Only this contact's calls: its id, or a name that matches one contact.", completion: StoreCompletion.contactNames) var contact: String?
        @Flag(help: "Print one JSON array.") var json = false

        struct Row: Encodable {
            var id: String
            var contactID: Int64
            var contactName: String
            @TimestampText var calledAt: Date?
            var durationMinutes: Int
            @NullWhenAbsent var mood: String?
            @NullWhenAbsent var notes: String?
        }

        func run(_ context: CommandContext) throws {
            let store = try context.openStoreForReading()
            let only = try contact.map { try resolve($0, in: store) }
            let calls = try store.run { try $0.callHistory(contactID: only?.id) }
            let clock = context.wallClock
            try context.print(
                Listing(
                    items: calls,
                    row: {
                        Row(
                            id: $0.id, contactID: $0.contactID, contactName: $0.contactName, calledAt: $0.calledAt, durationMinutes: $0.durationMinutes,
                            mood: $0.mood, notes: $0.notes)
                    },
                    columns: [
                        .init("ID") { String($0.id.prefix(8)).lowercased() }, .init("CONTACT") { TextInput.oneLine($0.contactName) },
                        .init("CALLED") { LocalFormat.dateTime($0.calledAt, clock: clock) }, .init("MINUTES") { String($0.durationMinutes) },
                        .init("MOOD") { $0.mood ?? "-" }, .init("NOTES") { TextInput.oneLine($0.notes ?? "") },
                    ],
                    whenEmpty: only.map { "No calls with \($0.name) yet. Log one with: nudge call log \($0.name)" }
                        ?? "No calls yet. Log one with: nudge call log NAME"),
                json: json)
        }
    }

    struct Edit: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Correct a call: its time, duration, mood or notes.",
            discussion: "The same rules as nudge call log apply; --mood '' and --notes '' remove them. The call is pending sync again, as the Monica client has an edit, and the contact's cadence counts from its latest call at once.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The call's id, or a unique prefix of at least 4 characters (nudge call history shows 8).") var id: String
        @Option(help: "When, as nudge call log takes it: at most 366 days ago.") var at: String?
        @Option(parsing: .unconditional, help: "How long, in minutes (0-1440).", transform: WholeNumber.parser(CallInput.durationRange))
        var duration: Int?
        @Option(help: "happy, neutral, sad, frustrated or excited; '' removes it.") var mood: String?
        @Option(help: "Notes in place of the old ones (at most 5000 characters); '' removes them.") var notes: String?

        func validate() throws {
            try Delete.ids.validate(id)
            guard at != nil || duration != nil || mood != nil || notes != nil else {
                throw ValidationError("nothing to change; give --at, --duration, --mood or --notes")
            }
            do {
                if let duration { try CallInput.validate(duration: duration) }
                if let mood, !mood.isEmpty { try CallInput.validate(mood: mood) }
                try CallInput.validate(notes: notes)
                _ = try calledAt(CommandContext(global))
            } catch {
                throw ValidationError(error.description)
            }
        }

        private func calledAt(_ context: CommandContext) throws(InputError) -> Date? {
            try at.map { text throws(InputError) in
                try InstantInput.pastInstant(text, option: "--at", now: context.now, clock: context.wallClock, maximumAge: CallInput.maximumBackdating)
            }
        }

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let call = try Delete.ids.resolve(try store.run { try $0.callLog(matching: id) }, prefix: id)
            let correction = Store.CallCorrection(
                calledAt: try calledAt(context), durationMinutes: duration, mood: FieldCorrection(option: mood),
                notes: FieldCorrection(option: notes))
            guard let corrected = try store.run({ try $0.correctCall(id: call.id, correction, now: context.now) }) else {
                throw CommandFailure("that call was deleted meanwhile", exitCode: 64)
            }
            context.print("corrected the call with \(TextInput.oneLine(corrected.contactName)) at \(context.understood(corrected.calledAt)) (to sync)")
        }
    }

    struct Delete: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a call as the Monica client does: marked deleted and pending sync, never removed.",
            discussion: "The contact's cadence counts from its latest call not marked deleted at once. On a terminal it asks first; otherwise it needs --yes.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "The call's id, or a unique prefix of at least 4 characters (nudge call history shows 8).") var id: String
        @Flag(help: "Delete without asking.") var yes = false

        static let ids = IDPrefix(what: "call", listedBy: "nudge call history")

        func validate() throws { try Self.ids.validate(id) }

        func run(_ context: CommandContext) throws {
            let store = try context.openStore()
            let call = try Self.ids.resolve(try store.run { try $0.callLog(matching: id) }, prefix: id)
            let what = "the call with \(TextInput.oneLine(call.contactName)) at \(context.understood(call.calledAt))"
            guard try context.consentsToDelete(what, cannotBeUndone: false, yes: yes) else { return }
            guard try store.run({ try $0.markCallDeleted(id: call.id, now: context.now) }) else {
                throw CommandFailure("that call was deleted meanwhile", exitCode: 64)
            }
            context.print("deleted \(what) (marked deleted, to sync)")
        }
    }
}
