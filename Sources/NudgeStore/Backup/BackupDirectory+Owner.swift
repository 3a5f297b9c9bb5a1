import Foundation

/// The backups of one store in a backup directory that several stores may share.
extension BackupDirectory {
    /// The backups a store of `identity` lists: its own, those taken before identities (which
    /// may be any store's), and files that are no store's backup; every file when the store's
    /// identity cannot be read. Never `store`'s own file.
    public static func list(in directory: String, now: Date, identity: String?, store: String? = nil) -> [BackupFile] {
        list(in: directory, now: now, store: store).filter { backup in
            guard case .store(let owner) = backup.origin, let identity else { return true }
            return owner == identity
        }
    }

    /// The identities of the stores whose backups are in the listing.
    public static func stores(_ backups: [BackupFile]) -> Set<String> {
        Set(backups.compactMap { if case .store(let owner) = $0.origin { owner } else { nil } })
    }

    /// The newest backup of the store of `identity` that passes its integrity check, one taken
    /// ahead of `now` only when no other does. One taken before identities only while no other
    /// store's is in the directory: it might be that store's. When the identity cannot be read
    /// (no store, a damaged one), the newest while the directory holds one store's backups only.
    public static func newestSound(in directory: String, now: Date, identity: String?) -> BackupFile? {
        let backups = list(in: directory, now: now)
        let others = stores(backups).subtracting(identity.map { [$0] } ?? [])
        return backups.first { backup in
            switch backup.origin {
            case .store(let owner):
                guard owner == identity || (identity == nil && others.count == 1) else { return false }
            case .unmarked: guard others.count <= (identity == nil ? 1 : 0) else { return false }
            case .foreign, .damaged: return false
            }
            return inspect(backup.path).isSound
        }
    }
}

extension BackupFile {
    /// Whose the backup at `path` is, read from inside it; nil when there is no file.
    public static func origin(of path: String) -> BackupOrigin? { BackupStamp.read(path)?.origin }
}
