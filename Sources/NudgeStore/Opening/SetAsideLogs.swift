import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// The write-ahead logs set aside beside a store when its file was copied over
/// (`STORE.before-overwrite-INSTANT-wal`, by `StoreOverwrite` and `ForeignLog`): named the one
/// way where they are made, for the doctor, which lists them, and for the daemon, which
/// watches them for writes.
public enum SetAsideLogs {
    /// Whether `name`, a file name in the store's folder, is one of them.
    public static func isSetAsideLog(_ name: String, store: String) -> Bool {
        name.hasPrefix(prefix(store)) && name.hasSuffix("-wal")
    }

    /// The paths of those beside `store` that are regular files, oldest first (their names
    /// sort by the instant in them).
    public static func paths(store: String) -> [String] {
        let folder = PathText.directory(of: store)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? [])
            .filter { isSetAsideLog($0, store: store) }.sorted()
        return names.map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }.filter { path in
            var status = stat()
            return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }
    }

    /// When the log at `path` was set aside, from its name; nil for a name not of this form.
    public static func setAsideAt(_ path: String, store: String) -> Date? {
        let name = (path as NSString).lastPathComponent
        guard isSetAsideLog(name, store: store) else { return nil }
        return Timestamp.parse(compact: name.dropFirst(prefix(store).count).prefix(16))
    }

    /// The path a log set aside at `now` takes before its suffix (`-wal`, or `.N-wal` when
    /// that name is taken).
    static func base(store: String, at now: Date) -> String {
        "\(store)\(marker)\(Timestamp.compact(now))"
    }

    private static let marker = ".before-overwrite-"

    private static func prefix(_ store: String) -> String {
        (store as NSString).lastPathComponent + marker
    }
}
