import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// A backup folder that is there but cannot be listed (no permission, or a file in its place)
/// is said to be so: listed as empty, it would read "no backups yet" to a person who has them.
extension BackupDirectory {
    /// Why `directory` cannot be listed, in one line with the fix; nil when it can, or when it
    /// is not there (no backup was taken into it yet).
    /// `store`: whose folder it is; the folder its newest backup went into, not there now, is
    /// an unmounted disk (`BackupLocation.tookBackupsInto`), not a folder no backup went into yet.
    public static func unreadable(_ directory: String, store: String? = nil) -> String? {
        var status = stat()
        let reason: String
        if stat(directory, &status) != 0 {
            guard errno != ENOENT else {
                guard let store, isSameFolder(directory, BackupLocation.read(store: store)?.tookBackupsInto) else {
                    return nil
                }
                return
                    "the backup folder \(directory), which the newest backup went into, is not there (an unmounted disk?); mount it again, or set backup.directory to another"
            }
            reason = String(cString: strerror(errno))
        } else if status.st_mode & S_IFMT != S_IFDIR {
            reason = "it is not a folder"
        } else if access(directory, R_OK | X_OK) == 0 {
            // Read but not entered (mode 600): its names list, but no file in it opens.
            return nil
        } else {
            reason = String(cString: strerror(errno))
        }
        return
            "cannot read the backup folder \(directory) (\(reason)); make it a folder this user can read (chmod u+rwx), or set backup.directory to another"
    }
}

extension BackupDirectory {
    /// Why `directory`, there, is not where the store's newest backup is: the newest nudge took
    /// into it (`BackupLocation.newestBackup`) is gone from it, as from an unplugged disk's
    /// empty mount point; nil when it holds it, or nothing was recorded.
    public static func lacksItsNewest(_ directory: String, store: String) -> (problem: String, fix: String)? {
        BackupLocation.read(store: store).flatMap { lacksItsNewest(directory, location: $0) }
    }

    private static func lacksItsNewest(_ directory: String, location: BackupLocation) -> (
        problem: String, fix: String
    )? {
        var folder = stat()
        guard stat(directory, &folder) == 0, folder.st_mode & S_IFMT == S_IFDIR,
            isSameFolder(directory, location.tookBackupsInto),
            let newest = location.newestBackup, !newest.contains("/"), !newest.isEmpty,
            access(directory + "/" + newest, F_OK) != 0, errno == ENOENT,
            // A link that leads elsewhere now: the newest is where it went, an earlier folder.
            location.tookBackupsIntoFolder.map({ access($0 + "/" + newest, F_OK) == 0 }) != true,
            !holdsNewer(than: newest, in: directory)
        else { return nil }
        return (
            "the backup folder \(directory) lacks the newest backup nudge took into it, \(newest) (an unplugged disk's empty mount point?)",
            "mount the disk again, or restore a backup by its path (nudge backups lists them); if you removed that file, nudge backup takes a new newest"
        )
    }
}

extension BackupDirectory {
    /// Whether `directory` holds a backup named at or after the recorded newest: a backup taken
    /// since thinned it away, between a reader's reading the record and looking for the file
    /// (the torture test's restore --latest, beside backups every half second). By name alone:
    /// an empty mount point holds none.
    private static func holdsNewer(than newest: String, in directory: String) -> Bool {
        guard let recorded = instant(ofFileName: newest) else { return false }
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).contains {
            $0 != newest && instant(ofFileName: $0).map { $0 >= recorded } == true
        }
    }
}

extension BackupDirectory {
    /// `lacksItsNewest`, and on another file system than the newest went to: a mount point whose
    /// disk is gone. A backup is never written there: it would hide under the disk once it is
    /// back, and the newest would stay out of reach (hostile round 16). On the same file system,
    /// the newest was removed, and a new one is taken.
    /// A folder the disk held, not there at all, is not made on the mount point either: the
    /// nearest folder above it that is there stands for it.
    public static func unplugged(_ directory: String, store: String) -> (problem: String, fix: String)? {
        guard let location = BackupLocation.read(store: store), let recorded = location.newestBackupDevice else {
            return nil
        }
        if let lacking = lacksItsNewest(directory, location: location) {
            return BackupLocation.device(of: directory).map { $0 != recorded } == true ? lacking : nil
        }
        guard access(directory, F_OK) != 0, errno == ENOENT, directory == location.tookBackupsInto,
            let newest = location.newestBackup, let above = nearestFolder(above: directory),
            BackupLocation.device(of: above) != recorded
        else { return nil }
        return (
            "the backup folder \(directory), where the newest backup \(newest) went, is not there, and \(above) is on another disk than it was (an unplugged disk's empty mount point?)",
            "mount the disk again, or restore a backup by its path (nudge backups lists them)"
        )
    }

    /// The nearest folder above `path` that is there.
    private static func nearestFolder(above path: String) -> String? {
        var folder = PathText.directory(of: path)
        while !folder.isEmpty, folder != "/", access(folder, F_OK) != 0 {
            folder = PathText.directory(of: folder)
        }
        return folder.isEmpty ? nil : folder
    }
}

/// An earlier backup folder `STORE.backup-location` remembers that cannot be read now (no
/// permission, or not there: an unmounted disk) may hold the store's newest backups: it is said
/// to be unread, never taken as empty, never forgotten.
extension BackupDirectory {
    /// The remembered earlier folders other than `directory` that cannot be read, with why. The
    /// folder the file names as current counts only when it is there: one no backup was taken
    /// into yet is never made.
    public static func unreadFormerFolders(store: String, besides directory: String) -> [(
        folder: String, reason: String
    )] {
        guard let location = BackupLocation.read(store: store) else { return [] }
        let current = whyUnseen(location.directory).flatMap {
            $0 == notThere && !isSameFolder(location.directory, location.tookBackupsInto)
                ? nil : (location.directory, $0)
        }
        let former = ([location.formerDirectory].compactMap { $0 } + (location.olderDirectories ?? [])).compactMap {
            folder in whyUnseen(folder).map { (folder, $0) }
        }
        return ([current].compactMap { $0 } + former).filter { !isSameFolder($0.0, directory) }
    }

    static let notThere = "not there"
    /// A FIFO, a file: never a folder backups went into (a backup there failed), so not one
    /// that may hold them, and neither kept nor waited for.
    static let notAFolder = "not a folder"

    /// Why a remembered folder may hold backups nudge cannot see now; nil when it can be read,
    /// or is no folder at all.
    static func whyUnseen(_ folder: String) -> String? {
        // A link that loops leads nowhere a backup could have gone (hostile round 17: once
        // remembered, it kept restore --latest refusing for good).
        whyUnread(folder).flatMap { $0 == notAFolder || $0 == String(cString: strerror(ELOOP)).lowercased() ? nil : $0 }
    }

    /// Why `folder` cannot be listed and entered (`permission denied`, `not there`); nil when it can.
    static func whyUnread(_ folder: String) -> String? {
        var status = stat()
        guard stat(folder, &status) == 0 else {
            return errno == ENOENT ? notThere : String(cString: strerror(errno)).lowercased()
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { return notAFolder }
        return access(folder, R_OK | X_OK) == 0 ? nil : String(cString: strerror(errno)).lowercased()
    }

    /// `cannot read the earlier backup folder DIR (permission denied)`.
    public static func unreadFolderText(_ folder: String, _ reason: String) -> String {
        "cannot read the earlier backup folder \(TextInput.oneLine(folder)) (\(reason))"
    }
}

/// A backup file this user may not open (`BackupOrigin.unreadable`): listed as such, never
/// taken for damage, never thinned, never anyone's newest.
extension BackupDirectory {
    /// The backup files in `folders` this user may not open, newest first, those ahead of
    /// `now` left out (they are no newest).
    public static func unopenable(in folders: [String], now: Date) -> [BackupFile] {
        folders.flatMap { list(in: $0, now: now) }.filter { $0.unreadableReason != nil && !$0.isAhead(of: now) }
    }
}

extension BackupFile {
    /// Why this user may not open it (`Permission denied`); nil for a file that opens.
    public var unreadableReason: String? {
        if case .unreadable(let reason) = origin { reason } else { nil }
    }
}
