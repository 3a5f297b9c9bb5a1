import Foundation
import NudgeTestSupport
import Testing

/// What only a sound needs (libcanberra, the five libraries it needs, libasound) is loaded for a
/// sound (shortly before a planned alarm) and unloaded once it ended: a daemon at rest carries
/// none of it, before or after its first alarm. Real audio, headless (`RecordedAudio`), on a
/// private bus with python-dbusmock.
@Suite(.ownThread, .daemonOnBus)
struct SoundLibrariesEndToEndTests: DaemonScenario {
    let audio: RecordedAudio
    var environment: [String: String] {
        ["TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address, "HOME": audio.home]
    }

    init() throws {
        audio = try RecordedAudio(in: DaemonOnBus.directory)
        _ = try NudgeBinary.run(["settings", "set", "symptom.reminder_enabled", "false"], environment: environment)
    }

    /// Loaded before the first alarm rings (the plan that found it due within 30 s), unloaded
    /// once it stopped, and loaded again for the next, which rings as the first did; the threads
    /// that played allocated from the one malloc arena.
    @Test func theSoundLibrariesAreLoadedForAnAlarmAndUnloadedAfter() throws {
        let daemon = try runningDaemon()
        #expect(daemon.maps("libcanberra") == false, "libcanberra is mapped at rest")
        for ring in 1...2 {
            let heard = audio.seconds
            try nudge("dose", "test-alarm", "--in", "5s")
            #expect(
                daemon.waitForEvents("sound_loaded", count: ring, timeout: 4),
                "alarm \(ring) is 5 s away and libcanberra is not loaded: \(daemon.stderr)")
            #expect(daemon.maps("libcanberra") == true && daemon.maps("libasound") == true)
            let rang = LogEvents.parse(daemon.stderr).filter { $0["event"] == "ring_started" }.count
            #expect(rang == ring - 1, "loaded by the ring, not ahead of it: \(daemon.stderr)")
            #expect(audio.waitFor(seconds: heard + 0.5), "ring \(ring): \(audio.seconds) s; \(daemon.stderr)")
            #expect(daemon.maps("libcanberra") == true, "libcanberra is not mapped while alarm \(ring) rings")
            #expect(daemon.maps("libasound") == true, "libasound is not mapped while alarm \(ring) rings")
            // The mock numbers its notifications from 1, in the order they came.
            try #require(bus.waitForNotify(count: ring, timeout: 30).count >= ring, "\(daemon.stderr)")
            try bus.invokeAction("stop", on: UInt32(ring))
            #expect(
                daemon.waitForEvents("ring_stopped", count: ring), "ring \(ring) did not stop: \(daemon.stderr)")
            // The player closes its sound context 2 s after a ring ends, which unloads them.
            #expect(
                daemon.waitForEvents("sound_unloaded", count: ring, timeout: 10),
                "not unloaded after ring \(ring): \(daemon.stderr)")
            for library in ["libcanberra", "libasound", "libvorbis"] {
                #expect(daemon.maps(library) == false, "\(library) still mapped after ring \(ring)")
            }
        }
        #expect(try mallocArenas(of: daemon) == 0, "threads allocate from arenas of their own")
    }

    /// glibc's arenas besides the main one: anonymous reservations of 64 MiB, aligned to 64 MiB,
    /// the part in use readable and writable and the rest inaccessible.
    private func mallocArenas(of daemon: Spawned) throws -> Int {
        let arena: UInt64 = 64 << 20
        let regions = try String(contentsOfFile: "/proc/\(daemon.pid)/maps", encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            .filter { $0.count == 5 }  // anonymous: no path
            .compactMap { fields -> (start: UInt64, end: UInt64, access: Substring)? in
                let bounds = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
                return bounds.count == 2 ? (bounds[0], bounds[1], fields[1]) : nil
            }
        return zip(regions, regions.dropFirst()).filter { used, rest in
            used.start % arena == 0 && used.access == "rw-p" && rest.start == used.end && rest.access == "---p"
                && rest.end - used.start == arena
        }.count
    }
}
