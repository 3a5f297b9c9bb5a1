import Foundation
import NudgeTestSupport
import Testing

/// What only a sound needs (libcanberra, the five libraries it needs, libasound) is loaded by a
/// sound and unloaded once it ended: a daemon at rest carries none of it, before or after its
/// first alarm. Real audio, headless (`RecordedAudio`), on a private bus with python-dbusmock.
@Suite(.ownThread, .timeLimit(.minutes(5)), .daemonOnBus)
struct SoundLibrariesEndToEndTests: DaemonScenario {
    let audio: RecordedAudio
    var environment: [String: String] {
        ["TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address, "HOME": audio.home]
    }

    init() throws {
        audio = try RecordedAudio(in: DaemonOnBus.directory)
        _ = try NudgeBinary.run(["settings", "set", "symptom.reminder_enabled", "false"], environment: environment)
    }

    /// Loaded by the first alarm, unloaded once it stopped, and loaded again by the next, which
    /// rings as the first did.
    @Test func theSoundLibrariesAreLoadedWhileAnAlarmRingsAndUnloadedAfter() throws {
        let daemon = try runningDaemon()
        #expect(daemon.maps("libcanberra") == false, "libcanberra is mapped at rest")
        for ring in 1...2 {
            let heard = audio.seconds
            try nudge("dose", "test-alarm", "--in", "5s")
            #expect(audio.waitFor(seconds: heard + 0.5), "ring \(ring): \(audio.seconds) s; \(daemon.stderr)")
            #expect(daemon.maps("libcanberra") == true, "libcanberra is not mapped while alarm \(ring) rings")
            #expect(daemon.maps("libasound") == true, "libasound is not mapped while alarm \(ring) rings")
            // The mock numbers its notifications from 1, in the order they came.
            try #require(bus.waitForNotify(count: ring, timeout: 30).count >= ring, "\(daemon.stderr)")
            try bus.invokeAction("stop", on: UInt32(ring))
            #expect(
                daemon.waitForEvents("ring_stopped", count: ring), "ring \(ring) did not stop: \(daemon.stderr)")
            // The player closes its sound context 2 s after a ring ends; nothing announces the
            // unload that follows, so the map is read until it has happened, at most 10 s.
            #expect(
                unmapped(["libcanberra", "libasound", "libvorbis"], in: daemon, within: 10),
                "still mapped after ring \(ring)")
        }
    }

    /// Whether none of `names` is mapped in `daemon` within `seconds`, its map read every 50 ms.
    private func unmapped(_ names: [String], in daemon: Spawned, within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if names.allSatisfy({ daemon.maps($0) == false }) { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }
}
