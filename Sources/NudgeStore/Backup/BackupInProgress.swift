import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// A backup being written into a backup folder by a live process (the daemon's nightly one, a
/// `nudge backup`): its temporary file (`.nudge-…`, `HeldTemporaryFile`) is locked until it is
/// renamed into place or removed. `restore --latest` waits for it, so that the newest it takes
/// is not the one before (issue 39, round 28 Medium 5).
public enum BackupInProgress {
    /// How long a backup is waited for: under a minute's copy and check of a large store.
    public static let bound: TimeInterval = 60

    /// The temporary files in `directory` that a live process holds.
    public static func held(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted().compactMap { name in
            // A backup's own (`.nudge-nudge-…`), not a restore's or the location file's.
            guard name.hasPrefix("." + BackupDirectory.prefix + BackupDirectory.prefix),
                !HeldTemporaryFile.companions.contains(where: { name.hasSuffix($0) })
            else { return nil }
            let path = directory + "/" + name
            return HeldTemporaryFile.isHeld(path) ? path : nil
        }
    }

    /// Waits until no live process writes a backup into `directory`, at most `bound` seconds;
    /// `waiting` is called once, before a wait. Whether none is written now. Its lock is
    /// tried every 50 ms: a command's wait of seconds, never the daemon's.
    public static func waitForBackups(
        in directory: String, bound: TimeInterval = bound, waiting: () -> Void
    ) -> Bool {
        var writing = held(in: directory)
        guard !writing.isEmpty else { return true }
        waiting()
        let deadline = Date().addingTimeInterval(bound)
        while !writing.isEmpty {
            guard Date() < deadline else { return false }
            usleep(50_000)
            writing = writing.filter(HeldTemporaryFile.isHeld)
        }
        // A backup begun meanwhile is waited for too, within the same bound.
        return waitForBackups(in: directory, bound: max(0, deadline.timeIntervalSinceNow), waiting: {})
    }
}
