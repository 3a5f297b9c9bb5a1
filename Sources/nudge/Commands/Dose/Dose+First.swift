import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Dose {
    struct First: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "1", abstract: "Record dose 1 and start a session.")
        @OptionGroup var global: GlobalOptions
        @Option(
            help:
                "When it was taken: 22:10 (the latest 22:10 that has passed: at 01:30, last night), 2026-11-21T22:10 (local), or ISO 8601 with an offset; at most 12 hours ago (default: now).",
            transform: TypedArguments.pastInstant(maximumAge: DoseTime.backdating))
        var at: GivenInstant?
        @Flag(help: "Start a new session even though one is open, or dose 2 was taken or skipped tonight.")
        var newSession = false

        /// `--at '10 pm'` is offered for `--at 10 pm` only where it is within the 12 hours taken
        /// (hostile round of issue 40 after A14, Medium 2).
        func refusal(_ context: CommandContext) -> String? { DoseTime.refusal(at, context) }

        func run(_ context: CommandContext) throws {
            try DoseStart(at: at, newSession: newSession).run(context)
        }
    }
}
