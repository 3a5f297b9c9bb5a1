import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Whether nudge can write where the store and its backups live: a store it can read but not
/// write records no answer, and a backup folder it cannot write keeps no backup.
extension DoctorFindings {
    /// The store file, and its folder (SQLite makes the -wal and -shm beside it).
    public static func storeWritableFinding(_ path: String) -> Finding? {
        let folder = folder(of: path)
        let problem =
            readOnlyMount(path)
            ?? unwritable(path).map { "\(path) cannot be written (\($0))" }
            ?? unwritable(folder, searching: true).map {
                "its folder \(folder) cannot be written (\($0)); SQLite makes the store's -wal and -shm there"
            }
        return problem.map {
            .problem(
                "store: \($0): no answer, dose or setting can be recorded",
                fix:
                    "make the store and its folder writable by you (chmod u+w \(path) \(folder); a read-only mount: mount it read-write), or choose another store with --store PATH"
            )
        }
    }

    /// The backup folder, or where it would be made (one level, as the daemon makes it).
    public static func backupFolderProblem(_ directory: String) -> String? {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            let reason = errno
            let parent = folder(of: directory)
            var parentStatus = stat()
            guard reason == ENOENT else {
                return "\(directory) cannot be reached (\(String(cString: strerror(reason))))"
            }
            guard stat(parent, &parentStatus) == 0, parentStatus.st_mode & S_IFMT == S_IFDIR else {
                return "\(directory) cannot be made: \(parent) is not a folder"
            }
            return readOnlyMount(parent).map { "\(directory) cannot be made: \($0)" }
                ?? unwritable(parent, searching: true).map { "\(directory) cannot be made in \(parent) (\($0))" }
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { return "\(directory) is not a folder" }
        return readOnlyMount(directory)
            ?? unwritable(directory, searching: true).map { "\(directory) cannot be written (\($0))" }
    }

    /// A backup folder other users can enter (made by someone else, or chmod-ed): nudge makes
    /// it 0700, and uses one that is there as it is. Others could see when backups were taken,
    /// remove one, or put in one of their own for `restore --latest` to take.
    public static func openBackupFolderFinding(_ directory: String) -> Finding? {
        var status = stat()
        guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_mode & 0o077 != 0 else {
            return nil
        }
        // Its special bits too: a 1777 folder (/tmp) is not a 777 one (hostile round 30).
        let mode = String(status.st_mode & 0o7777, radix: 8)
        let yours = status.st_uid == getuid()
        // The sticky bit lets no one else remove a file of this user's.
        let theirWrites =
            status.st_mode & S_ISVTX != 0 ? ", or put in one of their own" : ", remove one, or put in one of their own"
        return .problem(
            "backups: the folder \(directory) is open to other users (mode \(mode)\(yours ? "" : ", and not yours")): they could see when backups were taken\(status.st_mode & 0o022 != 0 ? theirWrites : "")",
            fix: yours
                ? "chmod 700 \(directory)"
                : "set a folder of your own: nudge settings set backup.directory PATH (nudge makes it 0700)")
    }

    private static func folder(of path: String) -> String {
        let folder = PathText.directory(of: path)
        return folder.isEmpty ? "." : folder
    }

    /// The mount's read-only flag, which binds root too (access(2) answers root as if writable).
    private static func readOnlyMount(_ path: String) -> String? {
        var fileSystem = statvfs()
        guard statvfs(path, &fileSystem) == 0, fileSystem.f_flag & UInt(ST_RDONLY) != 0 else { return nil }
        return "\(path) is on a read-only mount"
    }

    private static func unwritable(_ path: String, searching: Bool = false) -> String? {
        access(path, W_OK | (searching ? X_OK : 0)) == 0 ? nil : String(cString: strerror(errno))
    }
}
