import ArgumentParser
import NudgeCore
import NudgeReports
import NudgeSound
import NudgeStore

extension Nudge.Settings {
    struct Set: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a setting (stored in canonical form: 8pm is stored 20:00).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A settings key, such as symptom.reminder_time.") var key: String
        // Every word after the key, so a value such as -3 reaches validation instead of being
        // taken for an option.
        @Argument(parsing: .allUnrecognized, help: "The new value; 'nudge settings' lists what each key accepts.")
        var words: [String] = []

        var value: String { words.joined(separator: " ") }

        func validate() throws {
            guard !words.isEmpty else {
                throw ValidationError("missing the value; give one, such as: nudge settings set \(key) VALUE")
            }
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
            if setting.valueKind == .ambient, case .file(let path) = AmbientSound(setting: canonical),
                let problem = GStreamerAmbient.decodeProblem(path)
            {
                throw ValidationError("invalid value '\(value)' for \(key): \(problem)")
            }
        }

        func run(_ context: CommandContext) throws {
            let key = try settingKey(key)
            let canonical = try key.canonical(value)
            if key.valueKind == .absoluteDirectory, !canonical.isEmpty,
                let problem = PrivateFile.validateBackupDirectory(canonical, store: context.storePath)
            {
                throw ValidationError("invalid value '\(value)' for \(key.rawValue): \(problem)")
            }
            try context.openStore().run { try $0.setSetting(key, to: canonical, at: context.now) }
            context.print("\(key.rawValue) = \(key.valueKind.shown(canonical))")
        }
    }
}
