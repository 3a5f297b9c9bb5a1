import Foundation
import NudgeCore
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// What a backup or restore killed midway left, beside the store or in the backup folder, that
/// no process writes any more, until the next backup or restore removes it: a restore's copy of
/// the store, or a backup's part-written file (private rows, and no backup: nothing restores
/// it). One a running backup or restore writes is never named.
extension DoctorFindings {
    public static func leftoverFindings(store: String, settings: NudgeCore.Settings?, now: Date) -> [Finding] {
        let restoreFiles = AbandonedFiles.abandonedTemporary(
            beside: store, prefix: Store.restoreTemporaryPrefix, now: now)
        let backupFiles = BackupDirectory.abandoned(
            in: backupDirectory(store: store, settings: settings), now: now)
        let restores = restoreFiles.filter(\.isMain).map(\.path)
        let backups = backupFiles.filter(\.isMain).map(\.path)
        return [
            restores.isEmpty
                ? nil
                : leftoverFinding(
                    "store: a restore killed midway left \(restores.count == 1 ? "a copy" : "copies") of the store that no process writes: \(named(restores))",
                    files: restoreFiles.map(\.path), count: restores.count),
            backups.isEmpty
                ? nil
                : leftoverFinding(
                    "backups: \(backups.count == 1 ? "a backup" : "backups") killed midway did not finish: \(named(backups)) \(backups.count == 1 ? "is a part-written file" : "are part-written files"), no backup (nothing restores \(backups.count == 1 ? "it" : "them")), that no process writes, safe to delete",
                    files: backupFiles.map(\.path), count: backups.count),
        ].compactMap { $0 } + KeptCopy.abandoned(beside: store, now: now).map(keptCopyFinding)
            + keptLogFindings(store: store)
    }

    /// A restore's copy of the store under its temporary name (`.nudge-kept-STORE.PID.XXXXXX`):
    /// a restore interrupted (Ctrl-C, killed) before it named it (`KeptCopy`). README says what
    /// it is; until now doctor said nothing of it.
    private static func keptCopyFinding(_ copy: (path: String, committed: Bool?)) -> Finding {
        let start = "store: a restore interrupted (Ctrl-C, or killed) left \(named([copy.path]))"
        switch copy.committed {
        case true?:
            return .warning(
                "\(start), the store as it was before that restore, which went through: it holds what the restore rolled back",
                fix:
                    "nudge backup (or the next restore) gives it its kept name, \(PathText.directory(of: copy.path))/STORE.before-restore-INSTANT; keep it until nothing in it is needed"
            )
        case false?:
            return .warning(
                "\(start), a copy of the store made for a restore that did not go through: the store holds all of it",
                fix: "nudge backup (or the next restore) removes it; or: rm \(ShellWord.quoted(copy.path))")
        case nil:
            return .warning(
                "\(start), a copy of the store made for a restore; whether that restore went through cannot be told while the store cannot be read",
                fix: "keep it: the next restore gives it its kept name, STORE.before-restore-INSTANT")
        }
    }

    /// The fix removes SQLite's files beside them too, as a backup does.
    private static func leftoverFinding(_ text: String, files: [String], count: Int) -> Finding {
        .warning(
            text,
            fix:
                "nudge backup removes \(count == 1 ? "it" : "them") (and names \(count == 1 ? "it" : "them")); or: rm \(files.map(ShellWord.quoted).joined(separator: " "))"
        )
    }

    /// `PATH (4 B), PATH (12.0 kB)`.
    private static func named(_ paths: [String]) -> String {
        paths.map { path in
            var status = stat()
            let size = lstat(path, &status) == 0 ? " (\(ByteCountText.describe(Int(status.st_size))))" : ""
            return path + size
        }.joined(separator: ", ")
    }
}
