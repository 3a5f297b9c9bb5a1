import ArgumentParser
import NudgeCore
import NudgeSound
import NudgeStore

extension Nudge {
    struct Settings: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show or change reminder settings; a running daemon follows at once.",
            subcommands: [List.self, Get.self, Set.self, Reset.self],
            defaultSubcommand: List.self
        )
    }
}

/// Parses a key with the store contract's own message, rather than ArgumentParser's list.
private func settingKey(_ name: String) throws -> SettingKey {
    do { return try SettingKey.named(name) } catch { throw ValidationError(error.description) }
}

extension Nudge.Settings {
    struct List: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "List every key with its value, default and what it accepts.")
        @OptionGroup var global: GlobalOptions

        func run(_ context: CommandContext) throws {
            let rows = try context.openStoreForReading().run { try $0.settingRows() }
            let table = SettingKey.allCases.map { key in
                let value = rows[key.rawValue].flatMap(key.valueKind.canonical) ?? key.defaultValue
                return [key.rawValue, key.valueKind.shown(value), key.valueKind.shown(key.defaultValue), key.valueKind.accepted]
            }
            context.environment.output(TextTable.render(header: ["KEY", "VALUE", "DEFAULT", "ACCEPTS"], rows: table))
        }
    }

    struct Get: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Print one setting's value in force.")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A settings key, such as symptom.reminder_time.") var key: String

        func validate() throws { _ = try settingKey(key) }

        func run(_ context: CommandContext) throws {
            let key = try settingKey(key)
            let settings = try context.openStoreForReading().run { try $0.settings() }
            context.print(settings[key])
        }
    }

    struct Set: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Change a setting (stored in canonical form: 8pm is stored 20:00).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A settings key, such as symptom.reminder_time.") var key: String
        // Every word after the key, so a value such as -3 reaches validation instead of being
        // taken for an option.
        @Argument(parsing: .allUnrecognized, help: "The new value; 'nudge settings' lists what each key accepts.")
        var words: [String] = []

        var value: String { words.joined(separator: " ") }

        func validate() throws {
            guard !words.isEmpty else { throw ValidationError("missing the value; give one, such as: nudge settings set \(key) VALUE") }
            let canonical: String
            let setting: SettingKey
            do {
                setting = try SettingKey.named(key)
                canonical = try setting.canonical(value)
            } catch { throw ValidationError(error.description) }
            // A sound is refused here, not found missing at 3 a.m.
            if setting.valueKind == .sound, let problem = SoundSource(setting: canonical)?.problem {
                throw ValidationError("invalid value '\(value)' for \(key): \(problem)")
            }
            if setting.valueKind == .absoluteDirectory, !canonical.isEmpty, let problem = PrivateFile.validateBackupDirectory(canonical, store: CommandContext(global).storePath) {
                throw ValidationError("invalid value '\(value)' for \(key): \(problem)")
            }
        }

        func run(_ context: CommandContext) throws {
            let key = try settingKey(key)
            let canonical = try key.canonical(value)
            try context.openStore().run { try $0.setSetting(key, to: canonical, at: context.now) }
            context.print("\(key.rawValue) = \(key.valueKind.shown(canonical))")
        }
    }

    struct Reset: NudgeCommand {
        static let configuration = CommandConfiguration(abstract: "Return a setting to its default (deletes its row).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A settings key, such as symptom.reminder_time.") var key: String

        func validate() throws { _ = try settingKey(key) }

        func run(_ context: CommandContext) throws {
            let key = try settingKey(key)
            try context.openStore().run { try $0.resetSetting(key) }
            context.print("\(key.rawValue) = \(key.valueKind.shown(key.defaultValue)) (default)")
        }
    }
}
