import ArgumentParser
import Foundation
import NudgeCommandLine
import NudgeCommands
import NudgeCore
import NudgeStore
import NudgeSystem

extension Nudge.Meditate {
    struct Stop: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "stop",
            abstract: "End the running session now: kept as ended early when it lasted a minute, dropped otherwise.")
        @OptionGroup var global: GlobalOptions

        func run(_ context: CommandContext) throws {
            try MeditationSessions.stop(context.openStore(), context)
        }
    }
}
