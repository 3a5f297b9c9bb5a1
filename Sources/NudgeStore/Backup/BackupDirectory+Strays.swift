import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Backups of a store that a person copied within its backup folder under a name nudge does
/// not give backups (`cp nudge-....sqlite keep.sqlite`): nudge neither lists nor thins them, as
/// it never touches a file it did not name; `nudge doctor` names them, so that none is taken
/// for a backup the thinning keeps.
extension BackupDirectory {
    /// The backups of the store of `identity` (each records when it was taken) in `directory`
    /// under another name than a backup's, sorted by name; none for a store without identity.
    public static func strays(in directory: String, identity: String?) -> [BackupFile] {
        guard let identity else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().compactMap { name -> BackupFile? in
            // Hidden files are temporary copies in the making; SQLite's own sit beside a file.
            guard instant(ofFileName: name) == nil, !name.hasPrefix("."),
                !["-wal", "-shm", "-journal"].contains(where: name.hasSuffix)
            else { return nil }
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, let stamp = BackupStamp.read(path),
                stamp.origin == .store(identity), let takenAt = stamp.takenAt
            else { return nil }
            return BackupFile(path: path, takenAt: takenAt, size: Int(status.st_size), origin: stamp.origin)
        }
    }
}
