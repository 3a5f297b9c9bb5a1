import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Settings {
    struct Get: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "get", abstract: "Print one setting's value in force.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A settings key, such as symptom.reminder_time.", transform: TypedArguments.settingKey)
        var key: SettingKey

        func run(_ context: CommandContext) throws {
            try SettingsGet(key: key).run(context)
        }
    }
}
