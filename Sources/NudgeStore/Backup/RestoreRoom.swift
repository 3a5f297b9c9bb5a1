import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// What a restore that found no room says: it writes its copy of the backup and the copy of the
/// store it keeps (`STORE.before-restore-*`) beside the store, so the full disk is the store's,
/// never the backup's folder (hostile round 26 on issue 39 was told "cannot prepare the backup
/// /BACKUPDIR/...: the disk is full" while that disk had room).
enum RestoreRoom {
    /// `the store's folder DIR is on a full disk: a restore needs about 3 MB there (...)`.
    static func fullFolder(store storePath: String, backup backupPath: String) -> String {
        let folder = PathText.directory(of: storePath).isEmpty ? "." : PathText.directory(of: storePath)
        let needed = size(backupPath) + size(storePath) + size(storePath + "-wal")
        let megabytes = max(1, (needed + 999_999) / 1_000_000)
        return
            "the store's folder \(folder) is on a full disk: a restore needs about \(megabytes) MB free there, for a copy of the backup and the copy of the store it keeps; free space there (df -h \(folder)), then restore again"
    }

    private static func size(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }
}
