import Foundation
import NudgeCore
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// What a backup or restore killed midway left: a copy of the whole store (private rows) that
/// no process writes any more, beside the store or in the backup folder, until the next backup
/// or restore removes it. One a running backup or restore writes is never named.
extension DoctorFindings {
    public static func leftoverFindings(store: String, settings: NudgeCore.Settings?, now: Date) -> [Finding] {
        let restoreFiles = AbandonedFiles.abandonedTemporary(
            beside: store, prefix: Store.restoreTemporaryPrefix, now: now)
        let backupFiles = BackupDirectory.abandoned(
            in: backupDirectory(store: store, settings: settings), now: now)
        let restores = restoreFiles.filter(\.isMain).map(\.path)
        let backups = backupFiles.filter(\.isMain).map(\.path)
        let files = restores + backups
        // The copies are named; the fix removes SQLite's files beside them too, as a backup does.
        let everyFile = (restoreFiles + backupFiles).map(\.path)
        guard !files.isEmpty else { return [] }
        let named = files.map { path in
            var status = stat()
            let size = lstat(path, &status) == 0 ? " (\(ByteCountText.describe(Int(status.st_size))))" : ""
            return path + size
        }.joined(separator: ", ")
        let who = [restores.isEmpty ? nil : "a restore", backups.isEmpty ? nil : "a backup"].compactMap { $0 }
        return [
            .warning(
                "store: \(who.joined(separator: " and ")) killed midway left \(files.count == 1 ? "a copy" : "copies") of the store that no process writes: \(named)",
                fix:
                    "nudge backup removes \(files.count == 1 ? "it" : "them") (and names \(files.count == 1 ? "it" : "them")); or: rm \(everyFile.map(ShellWord.quoted).joined(separator: " "))"
            )
        ]
    }
}
