import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// A store belongs to the user who owns it. Root running nudge on another user's store (`sudo
/// nudge restore`) would leave files only root can read beside it: the kept copy of what a
/// restore rolled back, `STORE.backup-location`, a backup, SQLite's `-wal` and `-shm`, which the
/// owner's own nudge and daemon then cannot open. Refused, naming the user to run it as.
public enum StoreOwner {
    /// Why this process may not use the store at `path` (it is root, and the store, or the
    /// folder it would be made in, is another user's); nil otherwise.
    public static func refusal(store path: String) -> String? {
        guard geteuid() == 0 else { return nil }
        var status = stat()
        let folder = PathText.directory(of: path)
        guard stat(path, &status) == 0 || stat(folder.isEmpty ? "." : folder, &status) == 0, status.st_uid != 0
        else { return nil }
        let name = getpwuid(status.st_uid).flatMap { String(validatingCString: $0.pointee.pw_name) }
        let user = name ?? String(status.st_uid)
        return
            "the store \(path) belongs to \(name.map { "user \($0)" } ?? "uid \(status.st_uid)"), and nudge runs as root here, which would leave files beside it that \(user)'s nudge cannot read; run it as that user: sudo -u \(name ?? "#\(status.st_uid)") nudge ..."
    }
}
