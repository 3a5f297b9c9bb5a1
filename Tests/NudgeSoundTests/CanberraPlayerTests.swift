import Foundation
import Synchronization
import Testing

@testable import NudgeSound

/// The player's ring and chimes against a fake output, in process: plays that last a set time,
/// a device that is missing, an output that opens slowly.
/// The limit is for a hang: Swift Testing counts the time a test waits for one of the two
/// cooperative threads while the end-to-end suites hold them (a full run queued these 112 s).
@Suite(.timeLimit(.minutes(5)))
struct CanberraPlayerTests {
    final class FakeOutput: SoundOutput, @unchecked Sendable {
        let playLength: TimeInterval
        let hasDevice: Bool
        /// When set, `open` waits for it: a chime then stays queued while others are asked for.
        let openGate: DispatchSemaphore?
        let calls = Mutex<[String]>([])
        private let called = DispatchSemaphore(value: 0)

        init(playLength: TimeInterval = 0.05, hasDevice: Bool = true, openGate: DispatchSemaphore? = nil) {
            self.playLength = playLength
            self.hasDevice = hasDevice
            self.openGate = openGate
        }

        func open() -> Result<OpaquePointer, SoundOutputProblem> {
            openGate?.wait()
            openGate?.signal()
            record("open")
            return hasDevice ? .success(OpaquePointer(bitPattern: 0x1000)!) : .failure(.init(description: "no device"))
        }

        func play(
            _ context: OpaquePointer, id: UInt32, _ sound: SoundSource, role: SoundRole,
            finished: @escaping @Sendable (Bool) -> Void
        ) -> SoundOutputProblem? {
            record("play \(role)")
            Thread {
                Thread.sleep(forTimeInterval: self.playLength)
                finished(true)
            }.start()
            return nil
        }

        func cancel(_ context: OpaquePointer, id: UInt32) { record("cancel") }

        func close(_ context: OpaquePointer) { record("close") }

        func count(_ prefix: String) -> Int { calls.withLock { $0.filter { $0.hasPrefix(prefix) }.count } }

        /// Waits until `count` calls start with `prefix`; false after `timeout` seconds.
        func waitFor(_ prefix: String, count: Int = 1, timeout: TimeInterval = 10) -> Bool {
            let deadline = DispatchTime.now() + timeout
            while self.count(prefix) < count {
                guard called.wait(timeout: deadline) == .success else { return false }
            }
            return true
        }

        private func record(_ call: String) {
            calls.withLock { $0.append(call) }
            called.signal()
        }
    }

    /// Counts calls of a callback that must come at most once.
    final class Heard: Sendable {
        let count = Atomic(0)
        let first = DispatchSemaphore(value: 0)
        var callback: @Sendable () -> Void {
            { [self] in
                if count.add(1, ordering: .relaxed).newValue == 1 { first.signal() }
            }
        }
    }

    /// A ring plays again after each play with its gap between, until its limit: then it stops
    /// by itself, says so once, and cancels what plays.
    @Test func aRingStopsByItselfAtItsLimitAndSaysSoOnce() {
        let output = FakeOutput()
        let player = CanberraPlayer(output: output, onProblem: { _ in })
        let ended = Heard()
        let started = ContinuousClock.now
        player.ring(.theme("alarm-clock-elapsed"), limit: 1.5, ended: ended.callback)
        #expect(ended.first.wait(timeout: .now() + 5) == .success)
        let took = ContinuousClock.now - started
        // At the limit itself, not at the end of the play or gap that was under way then.
        #expect(took >= .seconds(1.4) && took < .seconds(1.9), "\(took)")
        // Plays at 0 s and after the first play and a 1 s gap: the limit comes before a third.
        #expect(output.count("play alarm") == 2, "\(output.calls.withLock { $0 })")
        #expect(output.waitFor("cancel"))
        player.stopRinging()
        #expect(output.waitFor("close"))
        #expect(ended.count.load(ordering: .relaxed) == 1)
    }

    /// A ring replaced by another, or stopped, does not say it ended by itself: that word is
    /// for the daemon to let the lid go when nobody answered.
    @Test func aReplacedOrStoppedRingDoesNotSayItEnded() {
        let output = FakeOutput()
        let player = CanberraPlayer(output: output, onProblem: { _ in })
        let first = Heard()
        let second = Heard()
        player.ring(.theme("bell"), limit: 60, ended: first.callback)
        #expect(output.waitFor("play alarm"))
        player.ring(.theme("bell"), limit: 60, ended: second.callback)
        #expect(output.waitFor("play alarm", count: 2))
        player.stopRinging()
        #expect(output.waitFor("cancel", count: 2))
        #expect(first.count.load(ordering: .relaxed) == 0 && second.count.load(ordering: .relaxed) == 0)
    }

    /// Without a sound device the ring goes on silent to its limit, and only then says it
    /// ended: the alarm rings for its answers (I'm awake) whether or not it sounds. The
    /// problem is told.
    @Test func withoutASoundDeviceTheRingGoesOnSilentToItsLimit() {
        let problems = Mutex<[String]>([])
        let player = CanberraPlayer(
            output: FakeOutput(hasDevice: false), onProblem: { problem in problems.withLock { $0.append(problem) } })
        let ended = Heard()
        let started = ContinuousClock.now
        player.ring(.theme("bell"), limit: 1.5, ended: ended.callback)
        #expect(ended.first.wait(timeout: .now() + 5) == .success)
        let took = ContinuousClock.now - started
        #expect(took >= .seconds(1.4), "ended after \(took), before its limit")
        #expect(problems.withLock { $0 } == ["cannot open the sound output: no device"])
        #expect(ended.count.load(ordering: .relaxed) == 1)
    }

    /// Chimes asked for while one is still queued (the output opening slowly) sound with it:
    /// fifty asked at once make at most two plays, and every caller hears that its chime ended.
    @Test func chimesAskedForTogetherSoundOnce() {
        let gate = DispatchSemaphore(value: 0)
        let output = FakeOutput(openGate: gate)
        let player = CanberraPlayer(output: output, onProblem: { _ in })
        let finished = Atomic(0)
        let all = DispatchSemaphore(value: 0)
        for _ in 0..<50 {
            player.play(.theme("bell")) {
                if finished.add(1, ordering: .relaxed).newValue == 50 { all.signal() }
            }
        }
        gate.signal()
        #expect(all.wait(timeout: .now() + 5) == .success, "\(finished.load(ordering: .relaxed)) of 50")
        #expect(output.count("play event") <= 2 && output.count("play event") >= 1, "\(output.calls.withLock { $0 })")
    }

    /// An alarm planned soon has the output opened ahead of it (libraries loaded, the backend
    /// found), and its ring plays on that output without opening another.
    @Test func theOutputIsOpenedAheadOfAPlannedAlarmAndItsRingPlaysOnIt() {
        let output = FakeOutput()
        let player = CanberraPlayer(output: output, onProblem: { _ in }, warmUp: (lead: 30, hold: 60))
        player.prepareToRing(at: Date().addingTimeInterval(10))
        #expect(output.waitFor("open"))
        player.ring(.theme("bell"), limit: 60, ended: {})
        #expect(output.waitFor("play alarm"))
        #expect(output.count("open") == 1, "\(output.calls.withLock { $0 })")
        player.stopRinging()
        #expect(output.waitFor("close"))
    }

    /// An output no ring took is closed: at once when no alarm is planned any more, else once
    /// its hold after the alarm's instant has passed.
    @Test func anOutputNoRingTookIsClosed() {
        let output = FakeOutput()
        let player = CanberraPlayer(output: output, onProblem: { _ in }, warmUp: (lead: 30, hold: 0.2))
        player.prepareToRing(at: Date().addingTimeInterval(10))
        #expect(output.waitFor("open"))
        player.prepareToRing(at: nil)
        #expect(output.waitFor("close"))
        player.prepareToRing(at: Date().addingTimeInterval(0.5))
        #expect(output.waitFor("open", count: 2))
        #expect(output.waitFor("close", count: 2))
        #expect(output.count("play") == 0)
    }
}
