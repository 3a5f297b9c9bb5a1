import ArgumentParser
import Foundation
import NudgeCommandLine
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeSystem

extension Nudge.Dose {
    struct Status: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show the dose-2 window: phase, times, alarm, snoozes, whether a snooze is possible, time left.")
        @OptionGroup var global: GlobalOptions
        @Flag(help: "Print one JSON object; every key in every phase, null when it does not apply (nudge(5)).")
        var json = false

        func run(_ context: CommandContext) throws {
            try context.print(DoseStatus.listing(context), json: json)
        }
    }
}
