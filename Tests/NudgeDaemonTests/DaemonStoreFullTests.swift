import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// The store on a disk that fills up while the daemon runs (hostile round 28 on issue 39: the
/// dose-2 alarm was neither shown nor rung, three lines in the log alone, and nothing woke the
/// daemon again): the refusal is said on screen, critical, once, what comes due is shown on
/// time all the same, and its record is written once there is room, without another program's
/// write to wake the daemon.
extension DaemonTests {
    @Test(.enabled(if: getuid() == 0), .hangBound(minutes: 2))
    func aFullDiskIsSaidOnceWhatComesDueIsShownAndItsRecordFollowsOnceThereIsRoom() throws {
        // The whole test folder on a disk of its own, 2 MB.
        let mount = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", directory.path])
        try #require(mount.status == 0, "\(mount)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", directory.path]) }
        let setup = try Store(path: store)
        try setup.setSetting(BackupPolicy.enabled, to: "false", at: Date())
        let filler = directory.file("filler")
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: Timestamp.parse("2026-11-21T19:59:56Z")!), notifier: notifier, log: log,
            kinds: [.symptom]
        ) { _, _ in
            #expect(log.waitFor("next: "), "\(log.all)")
            // The disk fills before 20:00.
            let dd = try Subprocess.run("/usr/bin/dd", ["if=/dev/zero", "of=\(filler)", "bs=4k"])
            #expect(dd.stderr.contains("No space left"), "\(dd)")
            for _ in 0..<2 { #expect(notifier.showed.wait(timeout: .now() + 30) == .success, "\(log.all)") }
            #expect(
                notifier.shown.withLock { $0.map(\.title) } == [
                    "Reminders are shown but not recorded", "Daily symptom check",
                ])
            let warning = try #require(notifier.shown.withLock { $0.first })
            #expect(warning.urgency == .critical, "\(warning)")
            #expect(
                warning.body.contains("the disk is full") && warning.body.contains("shown and rung"), "\(warning.body)")
            // Tried again every 5 s: said once, shown once.
            #expect(log.waitFor("the disk is full", count: 3), "\(log.all)")
            #expect(notifier.shown.withLock { $0.count } == 2)
            try FileManager.default.removeItem(atPath: filler)
            #expect(log.waitFor("the store takes writes again"), "\(log.all)")
            #expect(notifier.shown.withLock { $0.count } == 2)
        }
        let record = try #require(try Store(path: store).delivery(key: "symptom:2026-11-21"))
        #expect(record.shownAt != nil, "\(record)")
    }
}
