import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge.Dose {
    struct Snooze: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "snooze",
            abstract: "Move the dose-2 alarm by dose.snooze_duration_minutes (the Snooze button).")
        @OptionGroup var global: GlobalOptions

        func run(_ context: CommandContext) throws {
            try DoseAnswerRequest.snooze.run(context)
        }
    }
}
