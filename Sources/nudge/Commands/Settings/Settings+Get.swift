import ArgumentParser
import NudgeCommands
import NudgeCore
import NudgeStore

extension Nudge.Settings {
    struct Get: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Print one setting's value in force.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A settings key, such as symptom.reminder_time.", transform: TypedArguments.settingKey)
        var key: SettingKey

        func run(_ context: CommandContext) throws {
            let settings = try context.openStoreForReading().run { try $0.settings() }
            context.print(settings[key])
            // The default printed for a row another program spoiled would pass for the stored value.
            if let ignored = settings.ignored.first(where: { $0.key == key }) {
                context.environment.errors("nudge: \(ignored.sentence)\n")
            }
        }
    }
}
