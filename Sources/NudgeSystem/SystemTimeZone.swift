import Foundation
import NudgeCore

/// The local time zone as the system says it now, read afresh each time it may have changed,
/// from the system's time-zone database as libc reads it.
///
/// `TZ` in the environment wins (as for every program): a zone's name, a file's path, or a POSIX
/// rule; set but empty, it means UTC, as libc reads it. Otherwise the zone is the localtime file (`/etc/localtime`), named by its symlink's
/// target or by /etc/timezone beside it. Foundation's `TimeZone.current` is cached for the life
/// of the process, so it could not follow a change.
public struct SystemTimeZone: Sendable {
    public static let defaultLocaltimePath = "/etc/localtime"
    public static let defaultZoneInfoPath = "/usr/share/zoneinfo"

    /// The file to read and watch; `NUDGE_LOCALTIME` points elsewhere for tests.
    public let localtimePath: String
    /// The time-zone database; `TZDIR` points elsewhere, as for libc.
    public let zoneInfoPath: String
    /// What `TZ` says, when it fixes the zone: then the system's zone never matters.
    public let fixed: String?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        localtimePath = environment["NUDGE_LOCALTIME"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultLocaltimePath
        zoneInfoPath = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultZoneInfoPath
        fixed = environment["TZ"]
    }

    /// Why the zone fell back to UTC, and how to set it right.
    public struct Problem: Sendable, CustomStringConvertible {
        public var what: String
        public var fix: String
        public var description: String { "\(what); fix: \(fix)" }
    }

    public func current() -> ZoneRules { resolve().rules }

    /// The zone in force, and what is wrong when it had to fall back to UTC (as libc does).
    public func resolve() -> (rules: ZoneRules, problem: Problem?) {
        if let fixed {
            let value = fixed.hasPrefix(":") ? String(fixed.dropFirst()) : fixed
            return value.isEmpty
                ? (ZoneRules(identifier: "UTC", rule: PosixZoneRule("UTC0")!), nil) : resolve(tz: value)
        }
        // The link is read once, and the name and the bytes both come from its target: read
        // through the link twice, a rename in between (timedatectl) would pair one zone's name
        // with another's rules, and the next look would report a change that is none.
        let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtimePath)
        let file =
            target.map { $0.hasPrefix("/") ? $0 : PathText.directory(of: localtimePath) + "/" + $0 }
            ?? localtimePath
        guard let bytes = Self.read(file) else {
            return (.utc, Problem(what: "\(localtimePath) cannot be read; using UTC", fix: Self.setZone))
        }
        do {
            return (try ZoneRules(identifier: localtimeName(linkTarget: target), tzif: bytes), nil)
        } catch {
            return (.utc, Problem(what: "\(localtimePath) is \(error); using UTC", fix: Self.setZone))
        }
    }

    private static let setZone = "timedatectl set-timezone ZONE (ZONE as in timedatectl list-timezones)"
    private static let setTZ = "set TZ to a zone such as Europe/Paris, or unset it"

    private func resolve(tz value: String) -> (rules: ZoneRules, problem: Problem?) {
        let path = value.hasPrefix("/") ? value : "\(zoneInfoPath)/\(value)"
        let isName = !value.hasPrefix("/") && !value.split(separator: "/").contains("..")
        if value.hasPrefix("/") || isName, let bytes = Self.read(path) {
            do {
                return (try ZoneRules(identifier: value, tzif: bytes), nil)
            } catch {
                return (.utc, Problem(what: "TZ=\(value): \(path) is \(error); using UTC", fix: Self.setTZ))
            }
        }
        if let rule = PosixZoneRule(value) { return (ZoneRules(identifier: value, rule: rule), nil) }
        // Without tzdata installed, libc still knows UTC by these names.
        if ["UTC", "Etc/UTC", "GMT", "Etc/GMT"].contains(value) {
            return (ZoneRules(identifier: value, rule: PosixZoneRule("UTC0")!), nil)
        }
        return (
            .utc,
            Problem(
                what: "TZ=\(value) is neither a zone in \(zoneInfoPath) nor a POSIX rule; using UTC", fix: Self.setTZ)
        )
    }

    /// `Europe/Paris` from the symlink's target, or from /etc/timezone beside a copied file.
    private func localtimeName(linkTarget target: String?) -> String {
        if let target, let range = target.range(of: "zoneinfo/") {
            let name = target[range.upperBound...]
            return String(name.hasPrefix("posix/") ? name.dropFirst("posix/".count) : name)
        }
        let timezoneFile = PathText.directory(of: localtimePath) + "/timezone"
        if let name = try? String(contentsOfFile: timezoneFile, encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines),
            !name.isEmpty
        {
            return name
        }
        return "localtime"
    }

    private static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
}
