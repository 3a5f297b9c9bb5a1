import ArgumentParser
import NudgeCommandLine
import NudgeCommands

extension Nudge {
    struct Doctor: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "doctor",
            abstract: "Check what notifications need: bus, server, store, zone, daemon.",
            discussion: "Prints each finding with its fix; exits 0 only when all is well.")
        @OptionGroup var global: GlobalOptions

        func run(_ context: CommandContext) throws {
            if DoctorReport().run(context) > 0 { throw ExitCode(1) }
        }
    }
}
