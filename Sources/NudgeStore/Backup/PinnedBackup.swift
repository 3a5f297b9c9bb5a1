import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// The backup a restore names, copied privately beside the store before the question: what
/// the account counts and what the restore writes are that one file, even when a backup taken
/// meanwhile thins its name away.
public final class PinnedBackup {
    /// The backup as it was named.
    public let source: String
    private let copy: HeldTemporaryFile

    /// The private copy: what to count and restore from.
    public var path: String { copy.path }

    /// Opens `source` (once open, its bytes stay readable whatever happens to its name), and
    /// copies it beside the store (making the store's folder, 0700, on a new computer). Refuses
    /// a backup that is gone, or that `restore` would refuse.
    public init(_ source: String, store storePath: String, now: Date) throws(Store.BackupFailure) {
        self.source = source
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else {
            throw Store.BackupFailure(
                description: errno == ENOENT
                    ? "the backup \(source) was removed (a backup taken meanwhile thinned it) before it could be restored; nothing was restored; run nudge restore again"
                    : "the backup \(source) cannot be read: \(String(cString: strerror(errno))); nothing was restored",
                exitCode: 66)
        }
        defer { close(input) }
        try Store.checkLogBeside(source)
        do { try StoreFile.prepareDirectory(of: storePath) } catch {
            throw Store.BackupFailure(description: error.description, exitCode: 73)
        }
        AbandonedFiles.removeTemporary(beside: storePath, prefix: Store.restoreTemporaryPrefix, now: now)
        copy = try HeldTemporaryFile(beside: storePath, prefix: Store.restoreTemporaryPrefix)
        let output = open(copy.path, O_WRONLY | O_CLOEXEC)
        let code = output >= 0 ? PrivateCopy.copy(from: input, to: output) : errno
        if output >= 0 { close(output) }
        guard code == 0 else {
            copy.remove()
            // A full disk is worded as when the copy fits and the next step does not: the
            // folder, the room needed and how to see it (round 27 on issue 39 had it bare).
            let reason =
                code == ENOSPC ? RestoreRoom.fullFolder(store: storePath, backup: source) : DiskError.describe(code)
            throw Store.BackupFailure(
                description:
                    "cannot copy the backup \(source) beside the store to restore it: \(reason); nothing was restored",
                exitCode: code == ENOSPC || code == EDQUOT ? 74 : 73)
        }
        do throws(Store.BackupFailure) {
            try Store.checkRestorable(copy.path, named: source)
        } catch {
            copy.remove()
            throw error
        }
    }

    /// Removes the private copy.
    public func remove() { copy.remove() }
}

/// Restoring a pinned backup, which was checked when it was copied and which no one else writes.
extension Store {
    /// `restore` of the pinned copy; failures name the backup it is of.
    public static func restore(
        _ storePath: String, from pinned: PinnedBackup, keepingCurrentAt keptPath: String, now: Date,
        expecting expected: RestoreAccount?
    ) throws(BackupFailure) -> Restored {
        try restore(
            storePath, fromChecked: pinned.path, named: pinned.source, keepingCurrentAt: keptPath, now: now,
            expecting: expected)
    }

    /// `accountOfRestore` of the pinned copy.
    public static func accountOfRestore(_ storePath: String, from pinned: PinnedBackup) -> RestoreAccount? {
        accountOfRestore(storePath, fromChecked: pinned.path)
    }
}
