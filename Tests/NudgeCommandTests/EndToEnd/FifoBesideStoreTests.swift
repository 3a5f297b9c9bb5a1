import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// A FIFO where nudge keeps a small file beside the store (issue 39, fourth hostile round):
/// every command and the daemon waited in open() for good. A FIFO at `STORE.backup-location`
/// is no backup location: the commands run and the daemon rings. One at `STORE.daemon-lock`
/// is refused at once, saying what to remove.
@Suite(.ownThread, .daemonOnBus)
struct FifoBesideStoreTests: DaemonScenario {
    let audio: RecordedAudio
    var environment: [String: String] {
        ["TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address, "HOME": audio.home]
    }

    init() throws {
        audio = try RecordedAudio(in: DaemonOnBus.directory)
        _ = try NudgeBinary.run(["settings", "set", "symptom.reminder_enabled", "false"], environment: environment)
    }

    @Test func theDaemonRingsBesideAFifoBackupLocation() throws {
        #expect(mkfifo(store + ".backup-location", 0o600) == 0)
        // Dose 1 such that the alarm (dose 1 + 165 min) rings in 3 s.
        let dose1 = Date(timeIntervalSince1970: (TestClock.now().timeIntervalSince1970 + 3 - 165 * 60).rounded())
        try nudge("dose", "1", "--at", Timestamp.format(dose1))
        try nudge("upcoming")
        let daemon = try startDaemon()
        #expect(daemon.waitForEvent("ring_started", timeout: 30), "\(daemon.stderr)")
        // The ring starts before the server has the notification (a hung server must not make
        // an alarm silent): the alarm's Notify is waited for, not read at once.
        let alarmShown = FileEvents.waitUntil(watching: [bus.directory.path], timeout: 30) {
            bus.notifyCalls().contains { $0.summary == "Time for dose 2" }
        }
        #expect(alarmShown, "\(bus.notifyCalls().map(\.summary))")
    }

    @Test func aFifoDaemonLockIsRefusedAtOnce() throws {
        #expect(mkfifo(store + ".daemon-lock", 0o600) == 0)
        try nudge("upcoming")
        let daemon = try startDaemon()
        #expect((daemon.waitForExit(timeout: 30) ?? 0) != 0, "\(daemon.stderr)")
        #expect(
            daemon.stderr.contains(
                "\(store).daemon-lock is not a regular file (a FIFO, a device or a socket); remove it and start the daemon again"
            ), "\(daemon.stderr)")
    }
}
