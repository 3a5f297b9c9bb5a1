import Foundation
import NudgeCore
import NudgeReports
import NudgeStore
import NudgeSystem

/// `STORE.damage-warning` left beside a sound store that no daemon runs on: the warning of a
/// daemon that exited on a damaged store, which only the next daemon closes (and removes the
/// file); a store restored since, with no daemon started, keeps it, stale.
extension DoctorReport {
    static func staleDamageWarningFindings(_ path: String) -> [Finding] {
        let file = DamageWarningFile.path(ofStore: path)
        var status = stat()
        guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, DaemonLock.running(storePath: path) == nil,
            let store = try? Store(readingOnly: path), (try? store.quickCheck()) == .some(nil)
        else { return [] }
        return [
            .warning(
                "store: \(file) records the damage warning a daemon showed as it exited, but the store is sound now and no daemon runs: it is stale",
                fix:
                    "start the daemon (systemctl --user start nudge, or nudge daemon): it closes that warning if it is still on screen and removes the file; or: rm \(ShellWord.quoted(file))"
            )
        ]
    }
}
