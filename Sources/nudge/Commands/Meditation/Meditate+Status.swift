import ArgumentParser
import Foundation
import NudgeCommandLine
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

extension Nudge.Meditate {
    struct Status: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show the running session: elapsed and left, or when its start bell rings while settling.",
            discussion:
                "Where no daemon runs on the store (one was killed mid-session), it says so on stderr: the session will not end and its bells will not ring until one runs (systemctl --user start nudge, or nudge daemon)."
        )
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON object (null when nothing runs).") var json = false

        func run(_ context: CommandContext) throws {
            try MeditationSessions.showStatus(json: json, context)
        }
    }
}
