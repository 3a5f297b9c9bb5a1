import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// On a server without buttons (no `actions` capability) the ringing alarm's text lists every
/// answer a button would give, "I'm awake" first, and the command it names stops the ringing.
@Suite(.ownThread, .daemonOnBus(capabilities: "body"))
struct AlarmWithoutButtonsTests: DaemonScenario {
    let audio: RecordedAudio
    var environment: [String: String] {
        ["TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address, "HOME": audio.home]
    }

    init() throws {
        audio = try RecordedAudio(in: DaemonOnBus.directory)
        _ = try NudgeBinary.run(["settings", "set", "symptom.reminder_enabled", "false"], environment: environment)
    }

    @Test func theTextListsImAwakeAndItStopsTheRinging() throws {
        // Dose 1 such that the alarm (dose 1 + 165 min) rings in 3 s.
        let dose1 = Date(timeIntervalSince1970: (TestClock.now().timeIntervalSince1970 + 3 - 165 * 60).rounded())
        try nudge("dose", "1", "--at", Timestamp.format(dose1))
        let daemon = try startDaemon()
        let shown = FileEvents.waitUntil(watching: [bus.directory.path], timeout: 30) {
            bus.notifyCalls().contains { $0.summary == "Time for dose 2" }
        }
        #expect(shown, "\(bus.notifyCalls().map(\.summary)); \(daemon.stderr)")
        let alarm = try #require(bus.notifyCalls().last { $0.summary == "Time for dose 2" })
        let alarmShown =
            "SELECT id FROM reminder_deliveries WHERE reminder_key LIKE '%:alarm:%' AND shown_at IS NOT NULL"
        #expect(waitForStore { (try? rows(alarmShown))?.isEmpty == false }, "\(daemon.stderr)")
        let delivery = try #require(try rows(alarmShown).first?["id"])
        #expect(alarm.actions.isEmpty, "\(alarm.actions)")
        #expect(
            alarm.body.hasSuffix(
                "\nAnswer in a terminal: nudge ack \(delivery) awake (I'm awake), nudge ack \(delivery) take (Take dose 2), nudge ack \(delivery) skip (Skip dose 2), nudge ack \(delivery) snooze (Snooze 10 min)"
            ), "\(alarm.body)")
        #expect(daemon.waitForEvent("ring_started"), "\(daemon.stderr)")
        let shownBefore = bus.notifyCalls().count
        let acked = try nudge("ack", delivery, "awake")
        #expect(
            acked.stdout.hasSuffix("stops ringing; nothing is recorded, and the notification stays for your answer\n"))
        #expect(daemon.waitForEvent("ring_stopped", ["reason": "awake"]), "\(daemon.stderr)")
        // Shown again without it: nothing rings now for "I'm awake" to stop.
        let updated = try #require(bus.waitForNotify(count: shownBefore + 1).last, "\(daemon.stderr)")
        #expect(
            updated.body.hasSuffix(
                "Answer in a terminal: nudge ack \(delivery) take (Take dose 2), nudge ack \(delivery) skip (Skip dose 2), nudge ack \(delivery) snooze (Snooze 10 min)"
            ),
            "\(updated.body)")
    }
}
