import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

extension Nudge.Meditate {
    struct Status: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show the running session: elapsed and left, or when its start bell rings while settling.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON object (null when nothing runs).") var json = false

        func run(_ context: CommandContext) throws {
            try context.print(MeditationSessions.status(context), json: json)
        }
    }
}
