import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// An alarm where no sound device works (issue 41, the last hostile round): it is ringing for
/// its answers whether or not it sounds, so `nudge ack ID awake` is taken and puts the
/// escalation off, as on a computer that rings. ALSA's default device here is a card that does
/// not exist (the test HOME's `.asoundrc`), so libcanberra cannot open any output.
@Suite(.ownThread, .daemonOnBus)
struct SilentAlarmTests: DaemonScenario {
    var home: String { directory.file("home") }
    var environment: [String: String] {
        ["TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address, "HOME": home]
    }

    init() throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try "pcm.!default { type hw; card 31 }\nctl.!default { type hw; card 31 }\n".write(
            toFile: home + "/.asoundrc", atomically: true, encoding: .utf8)
        for (key, value) in [("symptom.reminder_enabled", "false"), ("alarm.escalate_command", #"["/bin/true"]"#)] {
            _ = try NudgeBinary.run(["settings", "set", key, value], environment: environment)
        }
    }

    @Test func imAwakeIsTakenAndPutsTheEscalationOffWhenNoSoundPlays() throws {
        // Dose 1 such that the alarm (dose 1 + 165 min) rings in 3 s.
        let dose1 = Date(timeIntervalSince1970: (TestClock.now().timeIntervalSince1970 + 3 - 165 * 60).rounded())
        try nudge("dose", "1", "--at", Timestamp.format(dose1))
        let daemon = try startDaemon()
        #expect(daemon.waitForEvent("ring_started", timeout: 30), "\(daemon.stderr)")
        let silent = FileEvents.waitUntil(watching: [directory.path], timeout: 15) {
            daemon.stderr.contains("sound: cannot")
        }
        #expect(silent, "the sound played here: \(daemon.stderr)")
        let alarmShown =
            "SELECT id FROM reminder_deliveries WHERE reminder_key LIKE '%:alarm:%' AND shown_at IS NOT NULL"
        #expect(waitForStore { (try? rows(alarmShown))?.isEmpty == false }, "\(daemon.stderr)")
        let delivery = try #require(try rows(alarmShown).first?["id"])
        #expect(!daemon.stderr.contains("event=ring_stopped"), "stopped for want of sound: \(daemon.stderr)")

        let acked = try attempt("ack", delivery, "awake")
        #expect(acked.status == 0 && acked.stdout.contains("stops ringing"), "\(acked)")
        #expect(daemon.waitForEvent("ring_stopped", ["reason": "awake"]), "\(daemon.stderr)")
        #expect(daemon.waitForEvent("escalation_postponed"), "\(daemon.stderr)")
        #expect(try rows("SELECT value FROM store_metadata WHERE key = 'escalation_awake'").count == 1)
        #expect(!daemon.stderr.contains("escalation_started"), "escalated as if unanswered: \(daemon.stderr)")
    }
}
