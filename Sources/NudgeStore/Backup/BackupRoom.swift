import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// What a backup that found no room says: a backup is a whole copy of the store, so an empty
/// folder on a disk smaller than the store is full at once, and "free space in it" would send
/// the person to delete what is not there (hostile round 28 on issue 39: a 240 MB store into an
/// empty 100 MB tmpfs).
struct BackupRoom {
    /// The words that say the disk is smaller than the store (`FailedBackup.isDiskTooSmall`).
    static let tooSmall = "in all; set backup.directory to a folder on a larger disk"

    /// The store's size with its -wal: about what a backup of it takes.
    let needed: Int
    /// What the folder's disk had free for this user before the backup began, and its size.
    let free: Int
    let total: Int

    /// Measured before the backup is written: once it failed, its own part-written copy holds
    /// the disk.
    init(store: String, folder: String) {
        needed = Self.size(store) + Self.size(store + "-wal")
        var disk = statvfs()
        let measured = statvfs(folder.isEmpty ? "." : folder, &disk) == 0
        free = measured ? Int(disk.f_bavail) * Int(disk.f_frsize) : Int.max
        total = measured ? Int(disk.f_blocks) * Int(disk.f_frsize) : Int.max
    }

    /// `FAILURE (a backup needs about 240 MB, the store's size, and the disk of DIR has 100 MB
    /// free)` when the disk was full and had less free than the store's size, `... holds 100 MB
    /// in all; set backup.directory ...` when the whole disk is smaller; `failure` otherwise.
    func explained(_ failure: Store.BackupFailure, folder: String) -> Store.BackupFailure {
        guard failure.description.hasSuffix(DiskError.describe(ENOSPC)), free < needed else { return failure }
        let disk = "the disk of \(folder.isEmpty ? "." : folder)"
        let room =
            total < needed
            ? "\(disk) holds \(Self.megabytes(total)) \(Self.tooSmall)" : "\(disk) has \(Self.megabytes(free)) free"
        var explained = failure
        explained.description += " (a backup needs about \(Self.megabytes(needed)), the store's size, and \(room))"
        return explained
    }

    /// `12 kB`, `3.1 MB`, `240 MB`.
    private static func megabytes(_ bytes: Int) -> String {
        if bytes < 1_000_000 { return "\(bytes / 1000) kB" }
        let megabytes = Double(bytes) / 1_000_000
        return megabytes < 10 ? "\(Double(Int(megabytes * 10)) / 10) MB" : "\(Int(megabytes.rounded())) MB"
    }

    private static func size(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }
}
