import Foundation
import GRDB
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// The copy of the store a restore keeps, under a temporary name (`.nudge-kept-STORE.PID.XXXXXX`)
/// until the restore's write into the store is committed, then linked to its kept name
/// (`STORE.before-restore-INSTANT`): a restore killed before its commit leaves no copy named
/// as if the store had been restored (issue 39, round 27 Low 9). The restored store names the
/// copy's temporary file (`store_metadata` `restore_kept_copy`), so that a later restore tells
/// the copy of one killed after its commit (given its kept name: it holds what the restore
/// rolled back) from the copy of one that never committed (removed: the store holds it all).
public enum KeptCopy {
    static let prefix = ".nudge-kept-"
    static let metadataKey = "restore_kept_copy"

    /// Settles the kept copies that killed restores left beside the store (no live process
    /// holds them); returns the kept names given. One the store cannot say anything of (it
    /// cannot be read) is kept too: nothing is removed that may be needed.
    @discardableResult
    public static func settleAbandoned(beside storePath: String, now: Date) -> [String] {
        let abandoned = AbandonedFiles.abandonedTemporary(beside: storePath, prefix: prefix, now: now).filter(\.isMain)
        guard !abandoned.isEmpty else { return [] }
        let named = copyNamed(by: storePath)
        var kept: [String] = []
        for file in abandoned {
            let name = (file.path as NSString).lastPathComponent
            // A journal beside it: cut off while it was written, before any commit.
            let cutOff = FileManager.default.fileExists(atPath: file.path + "-journal")
            var status = stat()
            if !cutOff, named.map({ $0 == name }) ?? true, lstat(file.path, &status) == 0 {
                let base =
                    storePath + ".before-restore-" + Timestamp.compact(HeldTemporaryFile.modified(status))
                guard let path = try? PrivateCopy.linkNew(file.path, as: base) else { continue }
                kept.append(path)
            }
            for suffix in [""] + HeldTemporaryFile.companions { unlink(file.path + suffix) }
        }
        return kept
    }

    /// The kept copies killed restores left beside the store that no process holds, each with
    /// whether its restore was committed (the store names it: it holds what that restore rolled
    /// back; nil when the store cannot be read): what `settleAbandoned` would do, for `nudge doctor`.
    public static func abandoned(beside storePath: String, now: Date) -> [(path: String, committed: Bool?)] {
        let files = AbandonedFiles.abandonedTemporary(beside: storePath, prefix: prefix, now: now).filter(\.isMain)
        guard !files.isEmpty else { return [] }
        let named = copyNamed(by: storePath)
        return files.map { file in
            let cutOff = FileManager.default.fileExists(atPath: file.path + "-journal")
            return (file.path, cutOff ? false : named.map { $0 == (file.path as NSString).lastPathComponent })
        }
    }

    /// The kept copy's temporary file the store names (`Optional("")`: none); nil when the
    /// store cannot be read.
    private static func copyNamed(by storePath: String) -> String? {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = LockWait.busyMode
        configuration.label = "nudge.kept-copy"
        do {
            return try Store.openReadOnly(storePath, configuration).read { db in
                try String.fetchOne(
                    db, sql: "SELECT value FROM store_metadata WHERE key = ?", arguments: [metadataKey]) ?? ""
            }
        } catch {
            return nil
        }
    }

    /// Records in the restored store (its prepared copy) which temporary file keeps the store
    /// before it; an empty name for a restore that keeps nothing (an emptied store or none): the
    /// key also tells that a restore put the file in place (`StoreOverwrite.isPutInPlaceByRestore`).
    static func record(_ name: String?, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)",
            arguments: [metadataKey, name ?? ""])
    }
}
