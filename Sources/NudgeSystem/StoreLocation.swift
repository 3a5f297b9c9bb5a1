import Foundation

/// Where the store lives: `--store PATH`, else `NUDGE_STORE`, else the XDG data directory.
public enum StoreLocation {
    public static func resolve(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment["NUDGE_STORE"], !path.isEmpty { return path }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/nudge/nudge.sqlite"
    }
}
