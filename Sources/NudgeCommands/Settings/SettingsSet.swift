import Foundation
import NudgeCore
import NudgeReports
import NudgeSound
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// `nudge settings set`: a setting changed, stored in canonical form (8pm is stored 20:00).
public struct SettingsSet {
    public var key: SettingKey
    /// The new value as typed, its words joined.
    public var value: String

    public init(key: SettingKey, value: String) {
        (self.key, self.value) = (key, value)
    }

    public func run(_ context: CommandContext) throws {
        let canonical = try canonicalValue(store: context.storePath)
        let remembered = key == BackupPolicy.directory ? BackupLocation.remembered(store: context.storePath) : []
        try context.openStore().run { try $0.setSetting(key, to: canonical, at: context.now) }
        context.print("\(key.rawValue) = \(key.valueKind.shown(canonical))")
        Self.warnOfForgottenFolders(key, remembered: remembered, context)
        if key == BackupPolicy.directory, let stale = BackupLocation.staleness(store: context.storePath) {
            context.environment.errors(
                "nudge: warning: \(stale.problem), \(BackupLocation.staleConsequence); \(stale.fix)\n")
        }
    }

    /// A change of `backup.directory` that pushed an earlier folder holding the store's backups
    /// out of those remembered says so, naming it (`remembered`: the folders before the change).
    static func warnOfForgottenFolders(_ key: SettingKey, remembered: [String], _ context: CommandContext) {
        guard key == BackupPolicy.directory else { return }
        for folder in BackupLocation.forgotten(since: remembered, store: context.storePath) {
            context.environment.errors(BackupLocation.forgottenText(folder) + "\n")
        }
    }

    /// The value as the store keeps it, parsed once; a sound, an ambient file, a backup directory
    /// or a command is refused here, before anything is written, not found missing at 3 a.m.
    private func canonicalValue(store: String) throws(UsageRefusal) -> String {
        let canonical: String
        do { canonical = try key.canonical(value) } catch { throw UsageRefusal(error.description) }
        // A command that cannot start is refused here, not found failing when the alarm goes
        // unanswered; without the value, which may hold a token.
        if key.valueKind == .command, let program = CommandArguments.parse(canonical)?.first,
            let problem = Self.programProblem(program)
        {
            throw UsageRefusal("invalid value for \(key.rawValue): \(problem)")
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
        throw UsageRefusal("invalid value\(given) for \(key.rawValue): \(problem)")
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
}
