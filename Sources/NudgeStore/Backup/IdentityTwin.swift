import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Another live store that carries this store's identity: one moved away (`mv`) while a new
/// store was restored at its old path, or one another program wrote the identity into. Their
/// backups would look like one store's, each thinning the other's. Found cheaply through what
/// each backup records of the store file it was taken from (`backup_store_path`,
/// `backup_store_inode`): a recorded path that is another file holding the identity, or a file
/// in the folder of a recorded path (or of the store) with a recorded inode (a rename within
/// its folder). A store moved further away, whose backups went elsewhere, cannot be seen.
public enum IdentityTwin {
    /// The path of a store other than the file at `store` (which may not be there yet) that
    /// holds `identity`, among where `backups` (of that identity) were taken from; nil when
    /// there is none.
    public static func find(identity: String, besides store: String, backups: [BackupFile]) -> String? {
        let own = fileID(store)
        let taken = backups.filter { $0.origin == .store(identity) }
        var candidates = taken.compactMap(\.takenFrom)
        let inodes = Set(taken.compactMap(\.takenFromInode))
        if !inodes.isEmpty {
            for folder in Set(candidates.map(PathText.directory(of:)) + [PathText.directory(of: store)]) {
                candidates += files(in: folder, inodes: inodes)
            }
        }
        var seen: Set<String> = []
        return candidates.first { path in
            seen.insert(path).inserted && isTwin(path, identity: identity, own: own)
        }
    }

    /// `backups` less those taken from another live store of `identity` (`find`), or from
    /// another file than the store's (`isFromAnotherFile`): neither listed, taken by
    /// `restore --latest` nor thinned as the store's own.
    public static func own(_ backups: [BackupFile], identity: String?, store: String) -> [BackupFile] {
        guard let identity else { return backups }
        let own = fileID(store)
        let ownPath = resolvedPath(store)
        var twins: [String: Bool] = [:]
        return backups.filter { backup in
            guard backup.origin == .store(identity), let path = backup.takenFrom else { return true }
            if let own, let ownPath, isFromAnotherFile(backup, path: ownPath, inode: own.inode) { return false }
            if twins[path] == nil { twins[path] = isTwin(path, identity: identity, own: own) }
            return twins[path] != true
        }
    }

    /// Whether a backup may have been taken from the file at `store`: recorded from its path or
    /// its inode, or taken before backups recorded either. A stat, no other store opened: for
    /// the daemon's loop, which must not wait on another store's lock. A twin's backups (another
    /// path and another inode) are left out; so are the store's own from before both a rename
    /// and a restore in place, which costs one backup more, never one fewer.
    public static func takenFromTheFile(at store: String) -> (BackupFile) -> Bool {
        let inode = fileID(store)?.inode
        let ownPath = resolvedPath(store)
        return { backup in
            guard let takenFrom = backup.takenFrom else { return true }
            return takenFrom == ownPath || (inode != nil && backup.takenFromInode.flatMap(UInt64.init) == inode)
        }
    }

    /// A backup recorded as taken from another path and another inode than the store's: the
    /// same identity's store only changes its inode by a restore in place (its path kept) and
    /// its path by a rename (its inode kept; a copy takes an identity of its own), so this was
    /// another file that carried the identity for a while: a twin since given an identity of
    /// its own or removed, whose backups are never this store's.
    private static func isFromAnotherFile(_ backup: BackupFile, path: String, inode: UInt64) -> Bool {
        guard let takenFrom = backup.takenFrom, let takenInode = backup.takenFromInode.flatMap(UInt64.init) else {
            return false
        }
        return takenFrom != path && takenInode != inode
    }

    /// A regular file there, not the store's own file, that holds `identity` as a store of its
    /// own (not a copy: `Store.identity(at:)` gives a copy a new one).
    private static func isTwin(_ path: String, identity: String, own: FileID?) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0,
            own.map({ $0 != FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) }) ?? true
        else { return false }
        return Store.identity(at: path) == identity
    }

    /// The files in `folder` whose inode is one of `inodes` (read from the folder's entries,
    /// without a stat each); SQLite's files beside a store and nudge's are passed over.
    private static func files(in folder: String, inodes: Set<String>) -> [String] {
        guard let handle = opendir(folder.isEmpty ? "." : folder) else { return [] }
        defer { closedir(handle) }
        var found: [String] = []
        while let entry = readdir(handle) {
            guard inodes.contains(String(entry.pointee.d_ino)) else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !["-wal", "-shm", "-journal"].contains(where: name.hasSuffix) else { continue }
            found.append((folder.isEmpty ? "" : folder + "/") + name)
        }
        return found
    }

    private struct FileID: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    private static func resolvedPath(_ path: String) -> String? {
        realpath(path, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
    }

    private static func fileID(_ path: String) -> FileID? {
        var status = stat()
        return stat(path, &status) == 0 ? FileID(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) : nil
    }
}
