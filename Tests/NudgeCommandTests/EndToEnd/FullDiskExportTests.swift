import Foundation
import NudgeTestSupport
import Testing

/// `upcoming --format ics --output` onto a full disk (hostile round 31 of issue 42): refused
/// with exit 74, the store's I/O failure, where README gives 73 for a file that cannot be
/// written. It exits 73, the file there before (nudge's earlier feed, which the feed alone
/// writes over) unchanged.
@Suite(.hangBound(minutes: 3)) struct FullDiskExportTests {
    let directory = TemporaryDirectory()
    var full: String { directory.file("full") }
    let environment = ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T20:00:00Z"]

    @Test(.enabled(if: getuid() == 0)) func anExportOntoAFullDiskExits73() throws {
        try StoreQuery.create(directory.file("nudge.sqlite"))
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: false)
        let mount = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", full])
        try #require(mount.status == 0, "\(mount)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", full]) }
        let feed = full + "/u.ics"
        let earlier = "BEGIN:VCALENDAR\r\nPRODID:-//nudge//nudge 0.1//EN\r\nEND:VCALENDAR\r\n"
        try Data(earlier.utf8).write(to: URL(fileURLWithPath: feed))
        let filler = try Subprocess.run("/usr/bin/dd", ["if=/dev/zero", "of=\(full)/fill", "bs=1k", "count=1000"])
        try #require(filler.stderr.contains("No space left"), "the disk filled up: \(filler)")
        let exported = InProcessNudge.run(
            ["upcoming", "--format", "ics", "--output", feed, "--store", directory.file("nudge.sqlite")],
            environment: environment)
        #expect(exported.status == 73, "\(exported)")
        #expect(exported.stderr.contains("cannot write \(feed): No space left on device"), "\(exported)")
        #expect(try String(contentsOfFile: feed, encoding: .utf8) == earlier)
    }
}
