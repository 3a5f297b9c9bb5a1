import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeStore

extension Nudge.Settings {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List every key with its value, default and what it accepts.")
        @OptionGroup var global: GlobalOptions

        func run(_ context: CommandContext) throws {
            try SettingsList.run(context)
        }
    }
}
