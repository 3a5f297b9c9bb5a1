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
        if let unknown = identityUnknowable(path) { throw unknown }
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

    /// A store missing or empty beside a `STORE.backup-location` this user may not read (left
    /// 0000 by `sudo nudge`), which may name its identity and backup folders: which backups are
    /// its cannot be known, so nothing may give it an identity, restore into it or list them.
    static func identityUnknowable(_ path: String) -> StoreError? {
        guard let reason = BackupLocation.unreadable(store: path) else { return nil }
        var status = stat()
        let missing = stat(path, &status) != 0 && errno == ENOENT && lstat(path, &status) != 0
        var log = stat()
        let empty =
            !missing && status.st_mode & S_IFMT == S_IFREG && status.st_size == 0
            && (stat(path + "-wal", &log) != 0 || log.st_size == 0)
        guard missing || empty else { return nil }
        return .damaged(
            path: path,
            reason:
                "it is \(missing ? "missing" : "empty"), and \(BackupLocation.path(ofStore: path)) cannot be read (\(reason)), which may say nudge backed it up; make it readable by you (chown, chmod 600) first"
        )
    }
}

extension Store {
    /// Why which backups are this store's cannot be known (`StoreFile.identityUnknowable`): a
    /// restore into it, the listing of its backups and doctor say so instead of guessing.
    public static func identityUnknowable(at path: String) -> StoreError? {
        StoreFile.identityUnknowable(path)
    }

    /// Why the store at `path` is lost (`StoreFile.checkNotLost`: emptied or removed while
    /// nudge's backup location names it): damage, not another file put in its place.
    public static func lost(at path: String) -> StoreError? {
        do throws(StoreError) { try StoreFile.checkNotLost(path) } catch { return error }
        return nil
    }
}
