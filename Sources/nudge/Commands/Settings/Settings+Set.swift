import ArgumentParser
import NudgeCommandLine
import NudgeCommands
import NudgeCore

extension Nudge.Settings {
    struct Set: NudgeCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change a setting (stored in canonical form: 8pm is stored 20:00).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A settings key, such as symptom.reminder_time.", transform: TypedArguments.settingKey)
        var key: SettingKey
        // Every word after the key, so a value such as -3 reaches validation instead of being
        // taken for an option.
        @Argument(parsing: .allUnrecognized, help: "The new value; 'nudge settings' lists what each key accepts.")
        var words: [String] = []

        func validate() throws {
            guard !words.isEmpty else {
                throw ValidationError(
                    "missing the value; give one, such as: nudge settings set \(key.rawValue) VALUE")
            }
        }

        func run(_ context: CommandContext) throws {
            try SettingsSet(key: key, value: words.joined(separator: " ")).run(context)
        }
    }
}
