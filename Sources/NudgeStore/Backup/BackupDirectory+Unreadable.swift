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
