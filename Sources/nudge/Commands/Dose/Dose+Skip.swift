import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Dose {
    struct Skip: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "skip", abstract: "Skip dose 2 tonight (the Skip dose 2 button).")
        @OptionGroup var global: GlobalOptions
        @Option(help: "Why, kept with the record (at most 500 characters).") var reason: String?

        func validate() throws {
            if let reason {
                do { try TextInput.validateText(reason, option: "--reason", limit: 500) } catch {
                    throw ValidationError(error.description)
                }
            }
        }

        func run(_ context: CommandContext) throws {
            try DoseAnswerRequest.skip(reason: reason).run(context)
        }
    }
}
