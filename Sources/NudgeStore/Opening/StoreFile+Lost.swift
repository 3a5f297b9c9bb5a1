import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A store nudge backed up that is gone: its file emptied (`: > nudge.sqlite`) or removed while
/// `STORE.backup-location` still names its identity. Opened as a new store, it would take a new
/// identity (its backups then another store's) and the default backup folder: it is damage,
/// refused until it is restored, as the other damage is. Restoring into it is not refused.
extension StoreFile {
    static func checkNotLost(_ path: String) throws(StoreError) {
        let location = BackupLocation.path(ofStore: path)
        // One that is there but this user may not read (left 0000 by `sudo nudge`) may name one.
        if let reason = BackupLocation.unreadable(store: path) {
            var status = stat()
            let missing = stat(path, &status) != 0 && errno == ENOENT && lstat(path, &status) != 0
            var log = stat()
            let empty =
                !missing && status.st_mode & S_IFMT == S_IFREG && status.st_size == 0
                && (stat(path + "-wal", &log) != 0 || log.st_size == 0)
            guard missing || empty else { return }
            throw .damaged(
                path: path,
                reason:
                    "it is \(missing ? "missing" : "empty"), and \(location) cannot be read (\(reason)), which may say nudge backed it up; make it readable by you (chown, chmod 600) first"
            )
        }
        guard BackupLocation.read(store: path)?.identity != nil else { return }
        var status = stat()
        guard stat(path, &status) == 0 else {
            // A link that leads nowhere is named as such (`StoreFile.prepare`).
            guard errno == ENOENT, lstat(path, &status) != 0 else { return }
            throw .damaged(
                path: path,
                reason: "it is missing, but \(location) says nudge backed it up; to start a new store instead, "
                    + "remove \(location)")
        }
        // A store in WAL mode may hold everything in its `-wal` before the first checkpoint.
        var log = stat()
        guard status.st_mode & S_IFMT == S_IFREG, status.st_size == 0,
            stat(path + "-wal", &log) != 0 || log.st_size == 0
        else { return }
        throw .damaged(path: path, reason: "it is empty, but \(location) says nudge backed it up")
    }
}
