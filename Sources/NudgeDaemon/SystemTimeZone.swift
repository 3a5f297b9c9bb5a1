import Foundation

/// The local time zone as the system says it now, read afresh each time it may have changed.
///
/// `TZ` in the environment wins (as for every program); otherwise the zone is the target of the
/// localtime symlink (`/usr/share/zoneinfo/Europe/Paris`), or /etc/timezone beside it.
/// Foundation's `TimeZone.current` is cached for the life of the process, so it cannot follow
/// a change.
public struct SystemTimeZone: Sendable {
    public static let defaultLocaltimePath = "/etc/localtime"

    /// The file to read and watch; `NUDGE_LOCALTIME` points elsewhere for tests.
    public let localtimePath: String
    /// Set when `TZ` fixes the zone: then the system's zone never matters.
    public let fixed: TimeZone?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        localtimePath = environment["NUDGE_LOCALTIME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultLocaltimePath
        fixed = environment["TZ"].flatMap { value in
            value.isEmpty ? nil : TimeZone(identifier: value.hasPrefix(":") ? String(value.dropFirst()) : value) ?? TimeZone.current
        }
    }

    public func current() -> TimeZone {
        if let fixed { return fixed }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtimePath),
            let range = target.range(of: "zoneinfo/"),
            let zone = TimeZone(identifier: String(target[range.upperBound...]).replacingOccurrences(of: "posix/", with: ""))
        {
            return zone
        }
        let timezoneFile = URL(fileURLWithPath: localtimePath).deletingLastPathComponent().appendingPathComponent("timezone").path
        if let name = try? String(contentsOfFile: timezoneFile, encoding: .utf8),
            let zone = TimeZone(identifier: name.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            return zone
        }
        return TimeZone.current
    }
}
