import ArgumentParser
import NudgeCore
import NudgeSound
import NudgeStore

extension Nudge.Settings {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every key with its value, default and what it accepts.")
        @OptionGroup var global: GlobalOptions

        func run(_ context: CommandContext) throws {
            let rows = try context.openStoreForReading().run { try $0.settingRows() }
            let table = SettingKey.allCases.map { key in
                let value = rows[key.rawValue].flatMap(key.valueKind.canonical) ?? key.defaultValue
                return [
                    key.rawValue, key.valueKind.shown(value), key.valueKind.shown(key.defaultValue),
                    key.valueKind.accepted,
                ]
            }
            context.environment.output(TextTable.render(header: ["KEY", "VALUE", "DEFAULT", "ACCEPTS"], rows: table))
        }
    }
}
