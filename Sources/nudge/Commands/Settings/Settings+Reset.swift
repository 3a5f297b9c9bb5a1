import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Settings {
    struct Reset: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset", abstract: "Return a setting to its default (deletes its row).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A settings key, such as symptom.reminder_time.", transform: TypedArguments.settingKey)
        var key: SettingKey

        func run(_ context: CommandContext) throws {
            try SettingsReset(key: key).run(context)
        }
    }
}
