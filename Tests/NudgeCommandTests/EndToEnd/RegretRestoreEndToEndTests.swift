import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// A person restores a backup from before dose 1 while the dose-2 alarm rings, regrets it, and
/// restores the copy kept before (hostile round 26 on issue 39, on a real bus): the alarm came
/// back as two notifications, neither ringing. Once, ringing what is left of its time.
extension SoundEndToEndTests {
    @Test func theCopyKeptBeforeARestoreBringsTheAlarmBackOnceAndRinging() throws {
        let before = directory.file("before-dose-1.sqlite")
        try nudge("backup", "--output", before)
        try startNightWithTheAlarmIn(3)
        let daemon = try startDaemon()
        let first = try alarm(daemon)
        #expect(daemon.waitForEvent("ring_started"), "\(daemon.stderr)")
        try nudge("restore", before, "--yes")
        #expect(bus.waitForClose(notificationID(of: first)), "\(daemon.stderr)")
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).first {
                $0.hasPrefix("nudge.sqlite.before-restore-")
            })
        let alarms = bus.notifyCalls().filter { $0.summary == "Time for dose 2" }.count
        let rings = LogEvents.parse(daemon.stderr).filter { $0["event"] == "ring_started" }.count
        try nudge("restore", directory.file(kept), "--yes")
        #expect(daemon.waitForEvents("ring_started", count: rings + 1), "\(daemon.stderr)")
        // A write the daemon plans after: nothing more is shown.
        let plans = LogEvents.parse(daemon.stderr).filter { $0["event"] == "rescheduled" }.count
        try nudge("log", "symptom", "Cough", "--severity", "1")
        #expect(daemon.waitForPlan(after: plans), "\(daemon.stderr)")
        #expect(
            bus.notifyCalls().filter { $0.summary == "Time for dose 2" }.count == alarms + 1,
            "\(bus.notifyCalls().map(\.summary)); \(daemon.stderr)")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 10) == 0, "\(daemon.stderr)")
    }
}
