import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeStore

extension Nudge.Call {
    struct LogCall: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "log", abstract: "Log a call (it restarts the contact's cadence).")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The contact: its id, or a name that matches one contact.", completion: StoreCompletion.contactNames)
        var contact: String
        @Option(
            help:
                "When: 14:30 (the latest 14:30 that has passed), 2026-11-21T14:30 (local), or ISO 8601 with an offset; at most 366 days ago (default: now).",
            transform: TypedArguments.pastInstant(maximumAge: CallInput.maximumBackdating)) var at: GivenInstant?
        @Option(
            parsing: .unconditional, help: "How long, 0 to 24 h in whole minutes: 12 (minutes), 12m, 1h30m or 1:30.",
            transform: DurationMinutes.parser(CallInput.durationRange))
        var duration = 0
        @Option(help: "How it went.") var mood: CallMood?
        @Option(help: "Anything worth remembering (at most 5000 characters).") var notes: String?

        func validate() throws {
            do {
                try CallInput.validate(duration: duration)
                try CallInput.validate(notes: notes)
            } catch {
                throw ValidationError(error.description)
            }
        }

        private func calledAt(_ context: CommandContext) throws(InputError) -> Date {
            guard let at else { return context.now }
            return try InstantInput.pastInstant(
                at, option: "--at", now: context.now, clock: context.wallClock, maximumAge: CallInput.maximumBackdating)
        }

        func run(_ context: CommandContext) throws {
            let when = try calledAt(context)
            let store = try context.openStore()
            let found = try ContactNames.resolve(contact, in: store)
            try store.run {
                try $0.logCall(
                    contactID: found.id, at: when, durationMinutes: duration, mood: mood?.rawValue, notes: notes,
                    now: context.now
                )
            }
            context.print("logged a call with \(found.name) \(context.when(when))")
        }
    }
}
