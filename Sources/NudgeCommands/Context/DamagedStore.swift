import Foundation
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

/// What a command says of a store SQLite finds damaged: the newest sound backup and the one
/// command that brings it back.
public enum DamagedStore {
    public static func refusal(path: String, reason: String, environment: CommandEnvironment = .current) -> String {
        let damaged = "the store \(path) is damaged (\(reason))"
        guard let fix = fix(path: path, environment: environment) else { return damaged }
        return "\(damaged)\(fix.restores ? ";" : ", and") \(fix.text)"
    }

    /// What to do about a damaged store: restore its newest sound backup (its time, as the
    /// person's clock shows it, and the command), or, with none, keep the file and use another
    /// store (`restores` false). Nil when which backups are its cannot be known: no restore is
    /// offered before that reason is fixed.
    public static func fix(path: String, environment: CommandEnvironment = .current) -> (text: String, restores: Bool)?
    {
        guard Store.identityUnknowable(at: path) == nil else { return nil }
        let directory = BackupDirectory.directory(ofDamagedStore: path)
        let now = DaemonClock(startingAt: environment.variables["NUDGE_FAKE_NOW"].flatMap(Timestamp.parse)).now()
        guard
            let backup = BackupDirectory.newestSound(
                in: directory, now: now, identity: Store.identity(at: path),
                formerFolders: BackupDirectory.formerFolders(store: path, besides: directory))
        else {
            return (
                "\(directory) has no sound backup; keep a copy of the file, and choose another store with --store PATH",
                false
            )
        }
        let clock = PersonClock.current(environment: environment.variables).wallClock(
            zone: SystemTimeZone(environment: environment.variables).current())
        return (
            "restore the backup of \(LocalFormat.dateTime(backup.takenAt, clock: clock)) with: \(command(path, environment: environment))",
            true
        )
    }

    /// `nudge restore --latest`, with `--store` where this store is not the one it would find.
    public static func command(_ path: String, environment: CommandEnvironment) -> String {
        guard StoreLocation.resolve(option: nil, environment: environment.variables) != path else {
            return "nudge restore --latest"
        }
        let quoted =
            path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+".contains($0) }
            ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return "nudge --store \(quoted) restore --latest"
    }
}
