import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Copies of the store hold its private text (the diary, the journal, the doses) as the store
/// does: a backup, or a copy a restore kept beside it, that other users may read is a problem
/// as the store's own mode is (hostile round 23 on issue 39: a 0644 backup and 15 kept copies
/// went unsaid while doctor checked the store's mode and the folder's).
extension DoctorFindings {
    /// The backups at `backups` and the copies kept beside `store` (`STORE.before-restore-*`,
    /// `STORE.before-overwrite-*`) that others may read; nil when none.
    public static func openCopiesFinding(store: String, backups: [String]) -> Finding? {
        let folder = PathText.directory(of: store)
        let prefixes = [".before-restore-", ".before-overwrite-"].map { (store as NSString).lastPathComponent + $0 }
        let kept = ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? [])
            .filter { name in prefixes.contains { name.hasPrefix($0) } }.sorted()
            .map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
        let open = (backups + kept).compactMap { path -> (path: String, mode: mode_t)? in
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 != 0 else {
                return nil
            }
            return (path, status.st_mode & 0o777)
        }
        guard let first = open.first else { return nil }
        let shown = 20
        let named = open.prefix(shown).map { ShellWord.quoted($0.path) }.joined(separator: " ")
        return .problem(
            "backups: \(open.count == 1 ? "a copy" : "\(open.count) copies") of the store other users can read (\((first.path as NSString).lastPathComponent), mode \(String(first.mode, radix: 8))\(open.count > 1 ? ", and \(open.count - 1) more" : "")): they hold the diary, the journal and the doses as the store does",
            fix:
                "chmod 600 \(named)\(open.count > shown ? " (and the \(open.count - shown) more, as nudge doctor lists them after)" : "")"
        )
    }
}
