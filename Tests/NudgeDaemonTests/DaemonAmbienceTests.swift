import Foundation
import NudgeCore
import NudgeSound
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Synchronization
import Testing

@testable import NudgeDaemon

/// What the daemon asks of the ambient sound, in process: the seam `Daemon(ambientPlayer:)`.
/// A start is recorded by the instant its sound ends on `clock`, to the nearest 5 s: the test's
/// clock runs in real time, so the seconds asked for depend on how soon the daemon got there
/// (1199 under load), and the fake reads the clock again later still (over a second later on a
/// machine whose cores are all busy).
final class FakeAmbientPlayer: AmbientPlayer, @unchecked Sendable {
    let clock: DaemonClock
    let calls = Mutex<[String]>([])
    let called = DispatchSemaphore(value: 0)

    init(clock: DaemonClock) {
        self.clock = clock
    }

    func start(_ sound: AmbientSound, volume: Int, seconds: TimeInterval, fadeSeconds: TimeInterval) {
        let end = Date(timeIntervalSince1970: ((clock.now().timeIntervalSince1970 + seconds) / 5).rounded() * 5)
        record("start \(sound) at \(volume) until \(Timestamp.format(end)), fading \(Int(fadeSeconds)) s")
    }

    func stop() { record("stop") }

    private func record(_ call: String) {
        calls.withLock { $0.append(call) }
        called.signal()
    }

    /// Waits until `count` calls were made; false after 10 s.
    func waitFor(count: Int) -> Bool {
        let deadline = DispatchTime.now() + 10
        while calls.withLock({ $0.count }) < count {
            guard called.wait(timeout: deadline) == .success else { return false }
        }
        return true
    }
}

extension DaemonTests {
    /// A running 20-minute session with pink noise, started at 18:00 UTC.
    func sessionWithAmbience(_ clock: DaemonClock, ambient: String = "pink-noise") throws {
        let setup = try Store(path: store, now: clock.now())
        guard
            case .started = try setup.startMeditation(
                plannedSeconds: 1200, intervalSeconds: 0, delaySeconds: 0, now: clock.now(), utcOffsetMinutes: 0,
                sleep: clock.sleepReading(), ambient: ambient)
        else {
            Issue.record("not started")
            return
        }
    }

    /// From the start to the end on the session's own clock; a restarted daemon resumes it for
    /// what is left; the end stops it.
    @Test func theAmbienceRunsFromTheStartToTheEndAndResumesAfterARestart() throws {
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T18:00:00Z"))
        try sessionWithAmbience(clock)
        let first = FakeAmbientPlayer(clock: clock)
        try withDaemon(clock: clock, notifier: FakeNotifier(), ambientPlayer: first, kinds: [.meditation]) { _, _ in
            #expect(first.waitFor(count: 1))
        }
        #expect(
            first.calls.withLock { $0 } == ["start pink-noise at 40 until 2026-11-22T18:20:00Z, fading 10 s", "stop"])

        clock.set(to: Timestamp.parse("2026-11-22T18:15:00Z")!)
        let second = FakeAmbientPlayer(clock: clock)
        try withDaemon(clock: clock, notifier: FakeNotifier(), ambientPlayer: second, kinds: [.meditation]) {
            daemon, clock in
            #expect(second.waitFor(count: 1))
            clock.set(to: Timestamp.parse("2026-11-22T18:20:00Z")!)
            daemon.clockWasSet()
            #expect(second.waitFor(count: 2))
        }
        #expect(
            second.calls.withLock { $0 } == ["start pink-noise at 40 until 2026-11-22T18:20:00Z, fading 10 s", "stop"])
    }

    /// logind's word of a sleep stops it at once, and a plan made before the resume does not
    /// start it again; with sound.enabled false it never starts.
    @Test func aSleepStopsItAndSilenceNeverStartsIt() throws {
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T18:00:00Z"))
        try sessionWithAmbience(clock)
        let player = FakeAmbientPlayer(clock: clock)
        let sleeping = RecordedLog()
        try withDaemon(
            clock: clock, notifier: FakeNotifier(), log: sleeping, ambientPlayer: player, kinds: [.meditation]
        ) { daemon, _ in
            #expect(player.waitFor(count: 1))
            daemon.events.push(.preparingForSleep(true))
            #expect(player.waitFor(count: 2))
            daemon.clockWasSet()
            #expect(sleeping.waitFor("rescheduled (clock changed)"))
        }
        #expect(
            player.calls.withLock { $0 } == ["start pink-noise at 40 until 2026-11-22T18:20:00Z, fading 10 s", "stop"])

        try Store(path: store).setSetting(.soundEnabled, to: "false", at: clock.now())
        let silent = FakeAmbientPlayer(clock: clock)
        let log = RecordedLog()
        try withDaemon(clock: clock, notifier: FakeNotifier(), log: log, ambientPlayer: silent, kinds: [.meditation]) {
            _, _ in
            #expect(log.waitFor("rescheduled"))
        }
        #expect(silent.calls.withLock { $0 }.isEmpty)
    }
}
