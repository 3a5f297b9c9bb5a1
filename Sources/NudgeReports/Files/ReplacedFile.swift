import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// A regular file an `--output` would write over, as its refusal or its confirmation names it:
/// `12 B, last changed 2026-11-20 10:00 UTC`.
public struct ReplacedFile {
    public let size: Int
    public let described: String

    /// Nil when there is no regular file at `path`.
    public init?(at path: String, clock: WallClock) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let changed = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec))
        size = Int(status.st_size)
        described = "\(ByteCountText.describe(size)), last changed \(LocalFormat.dateTime(changed, clock: clock))"
    }
}
