import Foundation
import NudgeCore
import NudgeSystem

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
            (
                store + AwaitingStoreFile.suffix,
                "what the daemon shows and is answered while the store refuses writes is kept in memory only"
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

    /// What a daemon showed and was answered while the store refused writes, left in
    /// `STORE.awaiting` by one that stopped before the store took them: the next daemon records it.
    public static func awaitingFinding(store: String) -> Finding? {
        guard let held = AwaitingStoreFile.held(storePath: store) else { return nil }
        let records = (try? JSONSerialization.jsonObject(with: held)) as? [String: [Any]]
        let showings = records?["showings"]?.count ?? 0
        let answers = records?["answers"]?.count ?? 0
        return .warning(
            "store: \(store)\(AwaitingStoreFile.suffix) holds \(showings) showing(s) and \(answers) answer(s) a daemon made while the store refused writes, not in the store yet",
            fix:
                "make room on the store's disk: the daemon records them once the store takes writes (with none running: systemctl --user start nudge)"
        )
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
