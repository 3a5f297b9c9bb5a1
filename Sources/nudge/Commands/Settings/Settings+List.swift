import ArgumentParser
import NudgeCore
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
            let width = context.environment.width
            let wide = TextTable.render(header: ["KEY", "VALUE", "DEFAULT", "ACCEPTS"], rows: table)
            guard wide.split(separator: "\n").contains(where: { DisplayWidth.of(String($0)) > width }) else {
                return context.environment.output(wide)
            }
            // Narrower than the table: a key a block, what it accepts wrapped under it, so that
            // nothing a person needs to set a key is cut.
            context.environment.output(
                table.map { row in
                    (["\(row[0]) = \(row[1])"]
                        + TextWrap.lines("default \(row[2]); accepts \(row[3])", width: width - 4).map { "    " + $0 })
                        .joined(separator: "\n")
                }.joined(separator: "\n") + "\n")
        }
    }
}
