import Foundation
import NudgeCore
import NudgeStore

/// Doctor's line on the store's newest backup: sound, recent, and where the others are.
extension DoctorFindings {
    /// The finding on the newest of `all` (this store's) not ahead of now; those ahead are
    /// counted apart (a warning names each).
    /// None of this store's: those of this path under another identity (also in the folders
    /// backup.directory named before), else another store's, else none yet.
    private static func noneFinding(
        store: String, directory: String, formerFolders: [String], identity: String?, now: Date, clock: WallClock
    ) -> Finding {
        let others = BackupDirectory.otherIdentities(
            in: directory, formerFolders: formerFolders, store: store, identity: identity, now: now)
        return otherIdentityFinding(others, directory: directory, store: store, clock: clock)
            ?? .warning(
                "backups: none yet in \(directory)",
                fix: "the daemon takes one at its start and each night; or now: nudge backup")
    }

    static func newestBackupFinding(
        _ all: [BackupFile], store: String, directory: String, readable: Bool, formerFolders: [String],
        identity: String?, now: Date, clock: WallClock
    ) -> Finding {
        let backups = all.filter { !$0.isAhead(of: now) }
        // No identity to compare, and several stores' backups: none counted as this store's.
        let stores = BackupDirectory.stores(backups)
        if identity == nil, stores.count > 1 {
            return .warning(
                "backups: this store's identity cannot be known (no store and no STORE.backup-location beside it), and \(directory) holds the backups of \(stores.count) stores, so restore --latest cannot tell which is this store's",
                fix:
                    "nudge backups names them apart; restore one by its path: \(NudgeLine.on(store, "restore", "FILE", "--yes"))"
            )
        }
        guard let newest = backups.first else {
            return noneFinding(
                store: store, directory: directory, formerFolders: formerFolders, identity: identity, now: now,
                clock: clock)
        }
        let contents = BackupDirectory.inspect(newest.path)
        let age = now.timeIntervalSince(newest.takenAt)
        let when = "\(LocalFormat.dateTime(newest.takenAt, clock: clock)) (\(DurationText.relative(-age)))"
        guard contents.isSound else {
            return .problem(
                "backups: the newest, of \(when), fails its check (\(contents.check))",
                fix: "take a new one now: nudge backup")
        }
        guard age < 2 * 86_400 else {
            return .problem(
                "backups: the newest is of \(when), more than 2 days old",
                fix: "run the daemon (systemctl --user enable --now nudge), or: nudge backup")
        }
        let elsewhere = formerFolders.compactMap { folder -> String? in
            let count = backups.filter { PathText.directory(of: $0.path) == folder }.count
            return count == 0 ? nil : "; \(count) in \(TextInput.oneLine(folder)), which backup.directory named before"
        }.joined()
        let kept = readable ? keptPhrase(all, directory: directory, now: now) : ""
        return .fine("backups: newest \(when), checked ok\(kept)\(elsewhere)")
    }

    /// `; 2 kept in DIR, and 1 dated ahead of the clock, and 1 damaged file named as a backup`.
    private static func keptPhrase(_ all: [BackupFile], directory: String, now: Date) -> String {
        let inFolder = all.filter { PathText.directory(of: $0.path) == directory }
        let ahead = inFolder.count { $0.isAhead(of: now) }
        let damaged = inFolder.count {
            if case .damaged = $0.origin { true } else { false }
        }
        return "; \(inFolder.count - ahead - damaged) kept in \(directory)"
            + (ahead == 0 ? "" : ", and \(ahead) dated ahead of the clock")
            + (damaged == 0 ? "" : ", and \(damaged) damaged \(damaged == 1 ? "file" : "files") named as a backup")
    }

}
