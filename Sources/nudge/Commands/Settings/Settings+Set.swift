import ArgumentParser
import Foundation
import NudgeCommands
import NudgeCore
import NudgeReports
import NudgeSound
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

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

        /// Why a program's path cannot be run, or nil. By its mode bits as well as access(2),
        /// which says yes to root for a file no one may execute.
        static func programProblem(_ path: String) -> String? {
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                return "\(path) is not a file; give a program's absolute path, such as /usr/bin/apprise"
            }
            guard status.st_mode & 0o111 != 0, access(path, X_OK) == 0 else {
                return "\(path) is not executable; give a program's absolute path, such as /usr/bin/apprise"
            }
            return nil
        }

        func run(_ context: CommandContext) throws {
            let canonical = try canonicalValue(store: context.storePath)
            try context.openStore().run { try $0.setSetting(key, to: canonical, at: context.now) }
            context.print("\(key.rawValue) = \(key.valueKind.shown(canonical))")
        }

        /// The value as the store keeps it, parsed once; a sound, an ambient file, a backup directory
        /// or a command is refused here, before anything is written, not found missing at 3 a.m.
        private func canonicalValue(store: String) throws -> String {
            let canonical: String
            do { canonical = try key.canonical(value) } catch { throw ValidationError(error.description) }
            // A command that cannot start is refused here, not found failing when the alarm goes
            // unanswered; without the value, which may hold a token.
            if key.valueKind == .command, let program = CommandArguments.parse(canonical)?.first,
                let problem = Self.programProblem(program)
            {
                throw ValidationError("invalid value for \(key.rawValue): \(problem)")
            }
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
            guard let problem else { return canonical }
            // A problem that names the file already says the path once.
            let given = !canonical.isEmpty && problem.contains(canonical) ? "" : " '\(value)'"
            throw ValidationError("invalid value\(given) for \(key.rawValue): \(problem)")
        }
    }
}
