import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A backup folder that is there but cannot be listed (no permission, or a file in its place)
/// is said to be so: listed as empty, it would read "no backups yet" to a person who has them.
extension BackupDirectory {
    /// Why `directory` cannot be listed, in one line with the fix; nil when it can, or when it
    /// is not there (no backup was taken into it yet).
    public static func unreadable(_ directory: String) -> String? {
        var status = stat()
        let reason: String
        if stat(directory, &status) != 0 {
            guard errno != ENOENT else { return nil }
            reason = String(cString: strerror(errno))
        } else if status.st_mode & S_IFMT != S_IFDIR {
            reason = "it is not a folder"
        } else if let handle = opendir(directory) {
            closedir(handle)
            return nil
        } else {
            reason = String(cString: strerror(errno))
        }
        return
            "cannot read the backup folder \(directory) (\(reason)); make it a folder this user can read (chmod u+rwx), or set backup.directory to another"
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
