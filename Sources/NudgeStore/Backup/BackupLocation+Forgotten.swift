import Foundation

/// An earlier backup folder that still holds the store's backups but that a change of
/// `backup.directory` pushed out of the `formerFoldersKept` remembered: from then on `nudge
/// backups`, `restore --latest` and doctor leave its backups out, so the change says so.
extension BackupLocation {
    /// The folders `STORE.backup-location` names: the one named now, and those named before.
    public static func remembered(store: String) -> [String] {
        guard let location = read(store: store) else { return [] }
        return [location.directory] + [location.formerDirectory].compactMap { $0 } + (location.olderDirectories ?? [])
    }

    /// Those of `before` (`remembered` before the change) that the file names no more and that
    /// hold backups of the store.
    public static func forgotten(since before: [String], store: String) -> [String] {
        let now = remembered(store: store)
        let identity = read(store: store)?.identity
        return before.filter { folder in
            !now.contains { BackupDirectory.isSameFolder($0, folder) }
                && BackupDirectory.holdsBackups(in: folder, identity: identity, store: store)
        }
    }

    /// The warning for a forgotten folder, with what to do.
    public static func forgottenText(_ folder: String) -> String {
        "nudge: warning: \(folder) holds backups of this store, but nudge remembers \(formerFoldersKept) earlier backup folders that hold them, and it is no longer one of them: nudge backups, restore --latest and doctor leave its backups out; restore one by its path, or move them into the folder backup.directory names"
    }
}
