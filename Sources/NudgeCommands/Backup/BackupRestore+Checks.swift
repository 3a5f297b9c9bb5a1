import Foundation
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

extension BackupRestore {
    /// A file that is there, readable, and not the store itself.
    static func validateBackupFile(_ file: String, store: String) throws {
        guard !file.isEmpty else {
            throw UsageRefusal(
                "the backup's path is empty; give the backup to restore (nudge backups lists them)")
        }
        var status = stat()
        guard stat(file, &status) == 0 else {
            if let beside = besideStore(file, store: store) {
                throw UsageRefusal(
                    "the backup '\(file)' does not exist here, but \(beside) does, beside the store; did you mean: \(NudgeLine.restore(beside, into: store))"
                )
            }
            throw UsageRefusal(
                "the backup '\(file)' does not exist; give a backup's path (nudge backups lists them)")
        }
        guard status.st_mode & S_IFMT == S_IFREG, access(file, R_OK) == 0 else {
            throw UsageRefusal(
                "the backup '\(file)' is not a readable file; give a backup's path (nudge backups lists them)")
        }
        // Checked before it is copied privately: a mistyped path (a disk image) would fill
        // the store's disk first.
        guard Self.beginsAsSQLite(file) else {
            throw CommandFailure(
                "the backup '\(file)' is not a SQLite file (it does not begin as one); give a backup's path (nudge backups lists them)",
                exitCode: 65)
        }
        var storeStatus = stat()
        if StoreLocation.canonical(file) == StoreLocation.canonical(store)
            || (stat(store, &storeStatus) == 0 && storeStatus.st_dev == status.st_dev
                && storeStatus.st_ino == status.st_ino)
        {
            throw UsageRefusal(
                "'\(file)' is the store itself; give one of its backups (nudge backups lists them)")
        }
    }

    /// `STOREFOLDER/FILE` when a relative `file` not found here is a regular file there: the
    /// copies a restore keeps (`STORE.before-restore-*`) live beside the store, and `nudge
    /// backups` never lists them, so a person gives their bare name from another folder.
    private static func besideStore(_ file: String, store: String) -> String? {
        let folder = PathText.directory(of: store)
        guard !file.hasPrefix("/"), !folder.isEmpty else { return nil }
        let beside = StoreLocation.canonical(folder) + "/" + file
        var status = stat()
        return stat(beside, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? beside : nil
    }

    /// Whether the file's first 16 bytes are SQLite's header string.
    static func beginsAsSQLite(_ file: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 16)) == Data("SQLite format 3\0".utf8)
    }

    /// Another store's backup (one that shares the backup directory) is put in place of this
    /// store only when it is named and --yes says so: the store keeps its own identity.
    static func validateOwner(_ file: String, store: String, yes: Bool) throws {
        guard !yes, let identity = Store.identity(at: store), case .store(let owner)? = BackupFile.origin(of: file),
            owner != identity
        else { return }
        throw UsageRefusal(
            "'\(file)' is a backup of another store, not of \(store); to put it in place of this store all the same, give it with --yes"
        )
    }
}
