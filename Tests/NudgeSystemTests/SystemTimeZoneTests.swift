import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeSystem

/// Which zone the system means, read as libc reads it.
struct SystemTimeZoneTests {
    let directory = TemporaryDirectory()
    let july = Int(Timestamp.parse("2026-07-01T12:00:00Z")!.timeIntervalSince1970)

    @Test func tzNamesAZoneAFileOrARule() {
        for (tz, identifier, offset) in [
            ("Europe/Paris", "Europe/Paris", 7200), (":America/New_York", "America/New_York", -14400),
            ("/usr/share/zoneinfo/Asia/Kathmandu", "/usr/share/zoneinfo/Asia/Kathmandu", 20700),
            ("CET-1CEST,M3.5.0,M10.5.0/3", "CET-1CEST,M3.5.0,M10.5.0/3", 7200),
        ] {
            let (rules, problem) = SystemTimeZone(environment: ["TZ": tz]).resolve()
            #expect(rules.identifier == identifier && rules.offset(at: july) == offset && problem == nil, "TZ=\(tz)")
        }
    }

    @Test func anUnknownZoneIsUTCAndSaysHowToFixIt() {
        for tz in ["Mars/Olympus_Mons", "../../etc/passwd", "Europe"] {
            let (rules, problem) = SystemTimeZone(environment: ["TZ": tz]).resolve()
            #expect(rules.offset(at: july) == 0)
            #expect(
                problem?.what.hasPrefix("TZ=\(tz) is neither a zone") == true
                    && problem?.fix.contains("Europe/Paris") == true)
        }
        let missing = SystemTimeZone(environment: ["NUDGE_LOCALTIME": directory.file("localtime")]).resolve()
        #expect(
            missing.rules.offset(at: july) == 0 && missing.problem?.fix.hasPrefix("timedatectl set-timezone") == true)
    }

    /// A copied localtime file (no symlink) is read as it is, and named by /etc/timezone beside it.
    @Test func aCopiedLocaltimeFileIsNamedByTheTimezoneFile() throws {
        try FileManager.default.copyItem(
            atPath: "/usr/share/zoneinfo/Australia/Sydney", toPath: directory.file("localtime"))
        try "Australia/Sydney\n".write(toFile: directory.file("timezone"), atomically: true, encoding: .utf8)
        let linked = directory.file("linked")
        try FileManager.default.createSymbolicLink(
            atPath: linked, withDestinationPath: "/usr/share/zoneinfo/posix/Asia/Tokyo")
        let copied = SystemTimeZone(environment: ["NUDGE_LOCALTIME": directory.file("localtime")]).current()
        #expect(copied.identifier == "Australia/Sydney" && copied.offset(at: july) == 36000)
        let link = SystemTimeZone(environment: ["NUDGE_LOCALTIME": linked]).current()
        #expect(link.identifier == "Asia/Tokyo" && link.offset(at: july) == 32400)
    }
}
