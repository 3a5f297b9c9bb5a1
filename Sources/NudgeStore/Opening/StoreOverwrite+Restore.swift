import GRDB

/// Whether the file now at the store's path is one nudge's own restore put there: a restore
/// takes out the backup's `backup_taken_at` (a store opened for writing refuses a backup) and
/// names the copy of the store it kept (`restore_kept_copy`, empty when it kept none), where a
/// backup copied over the store as it is (`cp BACKUP STORE`) keeps `backup_taken_at` (hostile
/// round 30 on issue 39: the daemon's log blamed `cp BACKUP STORE` for `nudge restore --latest`).
extension StoreOverwrite {
    public static func isPutInPlaceByRestore(_ path: String) -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = LockWait.busyMode
        let keys = try? Store.openReadOnly(path, configuration).read { db in
            try String.fetchAll(
                db, sql: "SELECT key FROM store_metadata WHERE key = ? OR (key = ? AND value != '')",
                arguments: [KeptCopy.metadataKey, Store.backupTakenAtKey])
        }
        return keys == [KeptCopy.metadataKey]
    }
}
