import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Call.Reminders {
    /// Moves a one-off reminder or changes its note; what is not given stays.
    struct Edit: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Move a one-off call reminder to another day or time, or change its note.",
            discussion:
                "A moved reminder may get a new id (the confirmation says it); what it still had to show at its old time is cancelled."
        )
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The reminder's id, as nudge call reminders lists it.",
            transform: TypedArguments.rowID(listedBy: "nudge call reminders")) var id: Int64
        @Option(
            name: .customLong("in"), parsing: .unconditional,
            help:
                "In this many days from today (0-3650: 3, 3d, 2w, 1 week), or hours and minutes from now (2h, 90 min).",
            transform: TypedArguments.spanAhead)
        var within: SpanAhead?
        @Option(help: "On this day (today or later): \(GivenDay.acceptedAtTime).", transform: TypedArguments.day)
        var on: GivenDay?
        @Option(
            help:
                "At this local time (default: the time it had), on its day unless --in or --on; or \(Nudge.Call.reminderAtHelp).",
            transform: TypedArguments.futureInstant)
        var at: GivenInstant?
        @Option(help: "What to show (at most 5000 characters; '' removes it).") var note: String?

        private var inDays: Int? { within?.days }

        func validate() throws {
            guard within?.instant == nil || at == nil else {
                throw ValidationError("--in with hours or minutes is the time itself; give it or --at, not both")
            }
            guard within == nil || on == nil else { throw ValidationError("give --in DAYS or --on DAY, not both") }
            try Nudge.Call.validate(at: at, withDay: inDays != nil || on != nil)
            guard within != nil || on != nil || at != nil || note != nil else {
                throw ValidationError("nothing to change; give --in, --on, --at or --note")
            }
            do { try CallInput.validate(notes: note, option: "--note") } catch {
                throw ValidationError(error.description)
            }
        }

        func refusal(_ context: CommandContext) -> String? {
            CallReminderMove(id: id, inDays: inDays, on: on, at: at ?? within?.instant, note: note).refusal(context)
        }

        func run(_ context: CommandContext) throws {
            try CallReminderMove(id: id, inDays: inDays, on: on, at: at ?? within?.instant, note: note).run(context)
        }
    }

    struct Cancel: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel",
            abstract: "Cancel a one-off call reminder: it is not shown, and its notification is not shown again.")
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The reminder's id, as nudge call reminders lists it.",
            transform: TypedArguments.rowID(listedBy: "nudge call reminders")) var id: Int64

        func refusal(_ context: CommandContext) -> String? { CallReminderCancel(id: id).refusal(context) }

        func run(_ context: CommandContext) throws {
            try CallReminderCancel(id: id).run(context)
        }
    }
}
