import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// The small files nudge keeps beside the store, where something other than a file would stop
/// it quietly: commands and the daemon open them without waiting and take a FIFO, a device, a
/// folder or a link in their place for none, so only the doctor can say that one is there.
extension DoctorFindings {
    public static func besideStoreFindings(store: String) -> [Finding] {
        [
            (
                store + ".daemon-lock",
                "the daemon refuses to start on this store, and no command sees a running daemon"
            ),
            (
                store + ".backup-location",
                "where the backups are and whose they are is not recorded, so a damaged store cannot find them"
            ),
        ].compactMap { path, consequence in
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG else { return nil }
            return .problem(
                "store: \(path) is \(kind(status.st_mode)), not a file: \(consequence)",
                fix: status.st_mode & S_IFMT == S_IFDIR
                    ? "move it away (mv \(ShellWord.quoted(path)) \(ShellWord.quoted(path + ".moved"))); nudge makes the file again"
                    : "remove it (rm \(ShellWord.quoted(path))); nudge makes the file again")
        }
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a folder"
        case S_IFLNK: "a symbolic link"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}
