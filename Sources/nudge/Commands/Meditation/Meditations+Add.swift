import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Meditations {
    struct Add: CheckedBeforeOffered, NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Record a session done elsewhere, without the timer, as completed.")
        @OptionGroup var global: GlobalOptions
        @Option(
            help: "When it began: \(InstantInput.accepted).",
            transform: TypedArguments.pastInstant(maximumAge: 366 * 86400))
        var at: GivenInstant
        @Option(
            help: "How long, 1 to 240 minutes: \(DurationText.acceptedMinutes).",
            transform: DurationMinutes.parser(1...240))
        var minutes: Int

        func validate() throws {
            guard (1...240).contains(minutes) else {
                throw ValidationError("--minutes \(minutes) is not from 1 to 240; give how long the session lasted")
            }
        }

        private var request: MeditationAdd { MeditationAdd(at: at, minutes: minutes) }

        func run(_ context: CommandContext) throws { try request.run(context) }

        /// Why this session would not be recorded now, as `run` decides it.
        func refusal(_ context: CommandContext) -> String? { request.refusal(context) }
    }
}
