import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Call {
    struct Remind: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "remind", abstract: "Be reminded to call someone in N days or on a day.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The contact: its id, or its whole name.", completion: StoreCompletion.contactNames)
        var contact: String
        @Option(
            name: .customLong("in"), parsing: .unconditional,
            help: "In this many days (0-3650: 3, 3d, 2w, 1 week), or hours and minutes from now (2h, 90 min).",
            transform: TypedArguments.spanAhead)
        var within: SpanAhead?
        @Option(help: "On this day (today or later): \(GivenDay.acceptedAtTime).", transform: TypedArguments.futureDay)
        var on: GivenDay?
        @Option(
            help:
                "At this local time (default: call.reminder_time), alone the next time it comes; or \(Nudge.Call.reminderAtHelp).",
            transform: TypedArguments.futureInstant)
        var at: GivenInstant?
        @Option(help: "What to show (at most 5000 characters).") var note: String?

        private var inDays: Int? { within?.days }

        func validate() throws {
            guard within?.instant == nil || at == nil else {
                throw ValidationError("--in with hours or minutes is the time itself; give it or --at, not both")
            }
            guard within == nil || on == nil else {
                throw ValidationError("give --in DAYS or --on YYYY-MM-DD, not both")
            }
            guard within != nil || on != nil || at != nil else {
                throw ValidationError("give --in DAYS, --on YYYY-MM-DD or --at TIME (the next time it comes)")
            }
            try Nudge.Call.validate(at: at, withDay: inDays != nil || on != nil)
            if let inDays, !(0...3650).contains(inDays) {
                throw ValidationError("--in \(inDays) is out of range; give a number of days from 0 to 3650")
            }
            do { try CallInput.validate(notes: note, option: "--note") } catch {
                throw ValidationError(error.description)
            }
        }

        private var request: CallRemind {
            CallRemind(contact: contact, inDays: inDays, on: on, at: at ?? within?.instant, note: note)
        }

        func run(_ context: CommandContext) throws {
            try request.run(context) { SuggestedLine.shown($0 + (global.store.map { ["--store", $0] } ?? [])) }
        }

        func refusal(_ context: CommandContext) -> String? { request.refusal(context) }
    }
}
