import ArgumentParser
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeSound
import NudgeStore

extension Nudge.Settings {
    struct Set: NudgeCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a setting (stored in canonical form: 8pm is stored 20:00).")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "A settings key, such as symptom.reminder_time.", transform: TypedArguments.settingKey)
        var key: SettingKey
        // Every word after the key, so a value such as -3 reaches validation instead of being
        // taken for an option.
        @Argument(parsing: .allUnrecognized, help: "The new value; 'nudge settings' lists what each key accepts.")
        var words: [String] = []

        var value: String { words.joined(separator: " ") }

        func validate() throws {
            guard !words.isEmpty else {
                throw ValidationError(
                    "missing the value; give one, such as: nudge settings set \(key.rawValue) VALUE")
            }
        }

        func run(_ context: CommandContext) throws {
            let canonical = try canonicalValue(store: context.storePath)
            try context.openStore().run { try $0.setSetting(key, to: canonical, at: context.now) }
            context.print("\(key.rawValue) = \(key.valueKind.shown(canonical))")
        }

        /// The value as the store keeps it, parsed once; a sound, an ambient file or a backup
        /// directory is refused here, before anything is written, not found missing at 3 a.m.
        private func canonicalValue(store: String) throws -> String {
            let canonical: String
            do { canonical = try key.canonical(value) } catch { throw ValidationError(error.description) }
            let problem: String? =
                switch key.valueKind {
                case .sound: SoundSource(setting: canonical)?.problem
                case .ambient:
                    if case .file(let path) = AmbientSound(setting: canonical) {
                        GStreamerAmbient.decodeProblem(path)
                    } else {
                        nil
                    }
                case .absoluteDirectory:
                    canonical.isEmpty ? nil : PrivateFile.validateBackupDirectory(canonical, store: store)
                default: nil
                }
            if let problem { throw ValidationError("invalid value '\(value)' for \(key.rawValue): \(problem)") }
            return canonical
        }
    }
}
