import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Dose {
    struct Second: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "2", abstract: "Record dose 2 (the Take dose 2 button).")
        @OptionGroup var global: GlobalOptions
        @Option(
            help:
                "When it was taken: 00:55 (the latest 00:55 that has passed), 2026-11-22T00:55 (local), or ISO 8601 with an offset; at most 12 hours ago (default: now).",
            transform: TypedArguments.pastInstant(maximumAge: DoseTime.backdating))
        var at: GivenInstant?
        @Flag(help: "Take it before the window opens (recorded with is_early).") var early = false
        @Flag(help: "Record a dose after dose 2 (extra_dose).") var extra = false

        /// `--at '10 pm'` is offered for `--at 10 pm` only where it is within the 12 hours taken
        /// (hostile round of issue 40 after A14, Medium 2).
        func refusal(_ context: CommandContext) -> String? { DoseTime.refusal(at, context) }

        func run(_ context: CommandContext) throws {
            try DoseAnswerRequest.take(at: at, early: early, extra: extra).run(context)
        }
    }
}
