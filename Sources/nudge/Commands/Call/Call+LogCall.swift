import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Call {
    struct LogCall: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "log", abstract: "Log a call (it restarts the contact's cadence).",
            discussion: """
                A second call with the contact within 5 minutes of one logged (by nudge or the Monica client) is refused, exit 64, nothing logged: a line typed again; --confirm-duplicate logs it.
                """)
        @OptionGroup var global: GlobalOptions
        @Argument(
            help: "The contact: its id, or its whole name.", completion: StoreCompletion.contactNames)
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
        @Flag(help: "Log a second call with the contact within 5 minutes of one logged.") var confirmDuplicate = false

        func validate() throws {
            do {
                try CallInput.validate(duration: duration)
                try CallInput.validate(notes: notes)
            } catch {
                throw ValidationError(error.description)
            }
        }

        func run(_ context: CommandContext) throws {
            var log = CallLog(contact: contact, at: at, duration: duration, mood: mood, notes: notes)
            log.confirmDuplicate = confirmDuplicate
            try log.run(context)
        }
    }
}
