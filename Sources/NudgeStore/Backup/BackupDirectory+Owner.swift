import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The backups of one store in a backup directory that several stores may share.
extension BackupDirectory {
    /// The backups a store of `identity` lists: its own, those taken before identities (which
    /// may be any store's), and files that are no store's backup; every file when the store's
    /// identity cannot be read. Never `store`'s own file, nor one taken from another live store
    /// of the same identity (`IdentityTwin`).
    public static func list(in directory: String, now: Date, identity: String?, store: String? = nil) -> [BackupFile] {
        let listed = list(in: directory, now: now, store: store).filter { backup in
            guard case .store(let owner) = backup.origin, let identity else { return true }
            return owner == identity
        }
        return store.map { IdentityTwin.own(listed, identity: identity, store: $0) } ?? listed
    }

    /// The identities of the stores whose backups are in the listing.
    public static func stores(_ backups: [BackupFile]) -> Set<String> {
        Set(backups.compactMap { if case .store(let owner) = $0.origin { owner } else { nil } })
    }

    /// The newest backup of the store of `identity` that passes its integrity check, one taken
    /// ahead of `now` only when no other does. One taken before identities only while no other
    /// store's is in the directory: it might be that store's. When the identity cannot be read
    /// (no store, a damaged one), the newest while the directory holds one store's backups only.
    /// The store's own backups in `formerFolders` (`formerFolders(store:besides:)`) count too.
    /// With `store`, none taken from another live store of the same identity (`IdentityTwin`).
    public static func newestSound(
        in directory: String, now: Date, identity: String?, formerFolders: [String] = [], store: String? = nil
    ) -> BackupFile? {
        // A backup taken meanwhile by another process thins the one listed before it is
        // checked: a listing whose files went is made again (the folder then has a newer one),
        // a few times, since backups may come one after another.
        for _ in 1...10 {
            let before = modified(directory)
            let (listed, candidates) = ownCandidates(
                in: directory, now: now, identity: identity, formerFolders: formerFolders, store: store)
            if let sound = candidates.first(where: { inspect($0.path).isSound }) { return sound }
            // A listing made while the folder changed may have missed both the new backup and
            // the one it thinned away (readdir need not show either), and a file gone before
            // it was read is listed as no one's: either is a reason to look again.
            guard
                modified(directory) != before
                    || listed.contains(where: { !FileManager.default.fileExists(atPath: $0.path) })
            else { return nil }
        }
        return nil
    }

    /// When the folder's entries last changed (its mtime, to the nanosecond); nil when it is not there.
    private static func modified(_ directory: String) -> [Int]? {
        var status = stat()
        return stat(directory, &status) == 0 ? [status.st_mtim.tv_sec, status.st_mtim.tv_nsec] : nil
    }

    /// What `newestSound` listed, and the backups it may choose, newest first.
    private static func ownCandidates(
        in directory: String, now: Date, identity: String?, formerFolders: [String], store: String?
    ) -> (listed: [BackupFile], candidates: [BackupFile]) {
        let backups = list(in: directory, now: now)
        let others = stores(backups).subtracting(identity.map { [$0] } ?? [])
        let candidates = backups.filter { backup in
            switch backup.origin {
            case .store(let owner): owner == identity || (identity == nil && others.count == 1)
            case .unmarked: others.count <= (identity == nil ? 1 : 0)
            case .foreign, .damaged, .unreadable: false
            }
        }
        let former = own(in: formerFolders, now: now, identity: identity)
        let own =
            store.map { IdentityTwin.own(candidates + former, identity: identity, store: $0) } ?? candidates + former
        return (backups + former, newestFirst(own, now: now))
    }

    /// The folders other than `directory` (the one backups are taken into now) that
    /// `STORE.backup-location` records: the folder it named before `backup.directory` changed
    /// (by `settings set`, a restore, or another program the daemon has not seen yet), and
    /// those named before it while they hold backups of the store. Only folders that are there.
    public static func formerFolders(store: String, besides directory: String) -> [String] {
        guard let location = BackupLocation.read(store: store) else { return [] }
        var folders: [String] = []
        for folder in [location.directory, location.tookBackupsIntoFolder, location.formerDirectory].compactMap({ $0 })
            + (location.olderDirectories ?? [])
        where !isSameFolder(folder, directory) && !folders.contains(where: { isSameFolder($0, folder) }) {
            var status = stat()
            if stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { folders.append(folder) }
        }
        return folders
    }

    /// The backups of the store of `identity` (its own only: another store's, and those taken
    /// before identities, belong to the folder's own stores) in `folders`; none without identity.
    public static func own(in folders: [String], now: Date, identity: String?) -> [BackupFile] {
        guard let identity else { return [] }
        return folders.flatMap { list(in: $0, now: now) }.filter { $0.origin == .store(identity) }
    }

    /// Whether two paths name one folder: the same spelling, or the same device and inode (a
    /// link to it, `..` in one of them), which would otherwise count its backups twice.
    static func isSameFolder(_ one: String, _ other: String?) -> Bool {
        other.map { isSameFolder(one, $0) } ?? false
    }

    static func isSameFolder(_ one: String, _ other: String) -> Bool {
        guard one != other else { return true }
        var first = stat()
        var second = stat()
        return stat(one, &first) == 0 && stat(other, &second) == 0 && first.st_dev == second.st_dev
            && first.st_ino == second.st_ino
    }

    /// Whether `directory` holds a backup of the store of `identity`.
    static func holdsBackups(in directory: String, identity: String?, store: String) -> Bool {
        !own(in: [directory], now: Date(), identity: identity).isEmpty
            || !otherIdentities(in: directory, store: store, identity: identity, now: Date()).ofThisPath.isEmpty
    }
}

extension BackupFile {
    /// Whose the backup at `path` is, read from inside it; nil when there is no file.
    public static func origin(of path: String) -> BackupOrigin? { BackupStamp.read(path)?.origin }

    /// Whether the file at `path` is a backup nudge took of the store of `identity` (not a live
    /// store, which records its own file's inode): what `backup --output` may write over.
    public static func isBackup(at path: String, ofIdentity identity: String) -> Bool {
        guard let stamp = BackupStamp.read(path) else { return false }
        return stamp.origin == .store(identity) && stamp.takenAt != nil && stamp.fileInode == nil
    }

    /// What the SQLite file at `path`, which is not a backup of the store of `identity`
    /// (`isBackup`), is in a person's words: `backup --output`'s refusal called this store's
    /// own copy and its backup cut short "another store" (hostile round 24 on issue 39).
    public static func whatItIs(at path: String, besides identity: String?) -> String {
        guard let stamp = BackupStamp.read(path) else { return "a file that is gone" }
        switch stamp.origin {
        case .store(let owner) where owner == identity:
            return stamp.fileInode != nil
                ? "this store itself under another name, or a copy of it (as a restore keeps beside it)"
                : "a copy of this store that records no time it was taken"
        case .store: return "another store, or another store's backup"
        case .unmarked: return "a backup taken before stores had identities, perhaps another store's"
        case .foreign: return "not a nudge store"
        case .damaged(let problem): return "a file SQLite cannot read whole (\(problem)): cut short or damaged"
        case .unreadable(let reason): return "a file this user may not open (\(reason.lowercased()))"
        }
    }

    /// The backup at `path` as it records itself (whose, when, and where from); nil when there is no file.
    static func recorded(_ path: String) -> BackupFile? {
        BackupStamp.read(path).map {
            BackupFile(
                path: path, takenAt: $0.takenAt ?? Date(), size: 0, origin: $0.origin, takenFrom: $0.takenFrom,
                takenFromInode: $0.takenFromInode)
        }
    }
}
