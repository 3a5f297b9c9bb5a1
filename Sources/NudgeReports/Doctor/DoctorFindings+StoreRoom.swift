import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// The room left on the store's disk. Full, the store reads (its WAL index in memory) but
/// records nothing, and doctor said "ok store" until SQLite's -shm was there (hostile round 28
/// on issue 39).
extension DoctorFindings {
    /// What SQLite writes beside the store before anything is recorded: the -shm (32 KiB) and
    /// the -wal's first pages. Less than this free, a write is refused as a full disk.
    static let nextGrowth = 1 << 20
    /// Below this, with twice the store's size (a restore keeps a copy of the store and writes
    /// the backup's beside it), the room is said to be low.
    static let lowRoom = 16 << 20

    /// A problem when the disk cannot hold the store's next growth and a backup of it (the
    /// store's size, in the folder beside it by default); a warning when it holds less than a
    /// restore needs; nil with room, or on a read-only mount (`storeWritableFinding` says so).
    public static func storeRoomFinding(_ path: String) -> Finding? {
        let folder = PathText.directory(of: path).isEmpty ? "." : PathText.directory(of: path)
        var disk = statvfs()
        guard statvfs(folder, &disk) == 0 else {
            // A folder not made yet holds no store: the daemon makes both.
            guard errno != ENOENT else { return nil }
            return .warning(
                "store: how much room is left on the disk of \(folder) could not be measured (\(String(cString: strerror(errno))))",
                fix: "df -h \(folder) says it")
        }
        guard disk.f_flag & UInt(ST_RDONLY) == 0 else { return nil }
        let free = Int(disk.f_bavail) * Int(disk.f_frsize)
        let size = fileSize(path) + fileSize(path + "-wal")
        let freeText = "the disk of \(folder) has \(ByteCountText.describe(free)) free"
        let fix = "free space on it (df -h \(folder)), or move the store to a disk with room"
        if free < nextGrowth {
            return .problem(
                "store: \(freeText): SQLite needs about \(ByteCountText.describe(nextGrowth)) there for its next write: no answer, dose or setting can be recorded",
                fix: fix)
        }
        if free < nextGrowth + size {
            return .problem(
                "store: \(freeText): a backup beside the store needs about \(ByteCountText.describe(size)), the store's size, and SQLite \(ByteCountText.describe(nextGrowth)) for its next write",
                fix: fix)
        }
        if free < lowRoom + 2 * size {
            return .warning(
                "store: \(freeText), little: a restore needs about \(ByteCountText.describe(2 * size)) there, and the store grows with each record",
                fix: fix)
        }
        return nil
    }

    private static func fileSize(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }
}
