import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Where the store lives: `--store PATH`, else `NUDGE_STORE`, else the XDG data directory.
public enum StoreLocation {
    /// The store's real path, its links resolved: the one name of the file that its lock, answer
    /// journal and drafts are named after, so that a store reached through a symbolic link is
    /// the same store with the same daemon.
    public static func resolve(option: String?, environment: [String: String]) -> String {
        canonical(given(option: option, environment: environment))
    }

    private static func given(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment["NUDGE_STORE"], !path.isEmpty { return path }
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/nudge/nudge.sqlite"
    }

    /// The path with every link resolved; for a file not made yet, its directory's.
    public static func canonical(_ path: String) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let directory = PathText.directory(of: path)
        guard let real = realpath(directory.isEmpty ? "." : directory, nil) else { return path }
        defer { free(real) }
        return (String(cString: real) as NSString).appendingPathComponent((path as NSString).lastPathComponent)
    }
}
