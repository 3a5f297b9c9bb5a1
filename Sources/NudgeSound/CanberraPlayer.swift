import Foundation
import Synchronization

/// nudge's sounds through libcanberra (`CanberraOutput`; tests give another `SoundOutput`). A
/// context exists only while something plays, or from shortly before a planned alarm until its
/// ring (`prepareToRing`); the output's finish callbacks arrive on its own thread, and
/// everything else happens on one sound thread.
public final class CanberraPlayer: SoundPlayer, @unchecked Sendable {
    private let thread = SoundThread()
    private let output: any SoundOutput
    private let onProblem: @Sendable (String) -> Void
    /// The alarm ringing now; touched only on `thread`.
    private var ringing: Ring?
    private var nextID: UInt32 = 1
    /// Whether a chime is queued and not yet started: another asked for meanwhile would sound
    /// at the same moment, and only piles up on the thread when chimes come faster than a
    /// context opens.
    private let chimeQueued = Atomic<Bool>(false)
    /// How long before an alarm's instant the output is opened for it, and how long after that
    /// instant an output no ring took is closed again.
    private let warmUp: (lead: TimeInterval, hold: TimeInterval)
    /// The alarm's instant last announced: announced again after every plan, the same one (or
    /// none, at rest) changes nothing, and does not even start the sound thread.
    private let announced = Mutex<Date?>(nil)
    /// The instant of the alarm the output is prepared for, and the context opened for it
    /// until its ring takes it; touched only on `thread`.
    private var preparedFor: Date?
    private var spare: OpaquePointer?

    /// Immutable, and its context is used only on the thread; nil where no output opened.
    private final class Ring: @unchecked Sendable {
        let context: OpaquePointer?
        let sound: SoundSource
        let id: UInt32
        let ended: @Sendable () -> Void

        init(
            context: OpaquePointer?, sound: SoundSource, id: UInt32, ended: @escaping @Sendable () -> Void
        ) {
            self.context = context
            self.sound = sound
            self.id = id
            self.ended = ended
        }
    }

    /// `onProblem` hears why a sound could not play (no sound device, an unknown name);
    /// `librariesChanged`, that what only a sound needs was loaded (true) or unloaded (false).
    public convenience init(
        onProblem: @escaping @Sendable (String) -> Void,
        librariesChanged: @escaping @Sendable (_ loaded: Bool) -> Void = { _ in }
    ) {
        self.init(output: CanberraOutput(librariesChanged: librariesChanged), onProblem: onProblem)
    }

    init(
        output: any SoundOutput, onProblem: @escaping @Sendable (String) -> Void,
        warmUp: (lead: TimeInterval, hold: TimeInterval) = (lead: 30, hold: 60)
    ) {
        self.output = output
        self.onProblem = onProblem
        self.warmUp = warmUp
    }

    public func play(_ sound: SoundSource, finished: @escaping @Sendable () -> Void) {
        // Sounds with the one already queued, which starts at the same moment.
        guard !chimeQueued.exchange(true, ordering: .acquiringAndReleasing) else { return finished() }
        thread.run { [self] in
            chimeQueued.store(false, ordering: .releasing)
            guard let opened = open() else { return finished() }
            // Used on the thread only: destroyed there once the play ended.
            nonisolated(unsafe) let context = opened
            start(context, id: takeID(), sound, role: .event) { [self] _ in
                finished()
                thread.run { [self] in retire(context) }
            }
        }
    }

    public func ring(_ sound: SoundSource, limit: TimeInterval, ended: @escaping @Sendable () -> Void) {
        thread.run { [self] in
            endRing()
            // Without an output (no sound device) the ring goes on silent to its limit: the
            // alarm is still ringing for its answers (I'm awake), whether or not it sounds.
            let ring = Ring(context: takeSpare() ?? open(), sound: sound, id: takeID(), ended: ended)
            ringing = ring
            playAgain(ring)
            // The one end of a ring by its limit, on the thread's monotonic clock: a wall clock
            // set forward or back neither cuts the alarm short nor lets it ring on.
            thread.run(after: limit) { [self] in
                if ringing === ring { endRing(byItself: true) }
            }
        }
    }

    public func stopRinging() {
        thread.run { [self] in endRing() }
    }

    /// Opens the output `warmUp.lead` before the alarm's instant, so that its ring does not
    /// wait for libcanberra and libasound to load (they are unloaded after each sound), and
    /// closes it `warmUp.hold` after that instant if no ring took it.
    public func prepareToRing(at instant: Date?) {
        let before = announced.withLock { announced in
            defer { announced = instant }
            return announced
        }
        guard instant != before else { return }
        thread.run { [self] in
            preparedFor = instant
            closeSpare()
            guard let instant else { return }
            thread.run(after: instant.timeIntervalSinceNow - warmUp.lead) { [self] in
                // Late (the computer slept meanwhile), it would only hold what nothing uses.
                guard preparedFor == instant, spare == nil, instant.timeIntervalSinceNow > 0 else { return }
                spare = open()
                thread.run(after: instant.timeIntervalSinceNow + warmUp.hold) { [self] in
                    if preparedFor == instant { closeSpare() }
                }
            }
        }
    }

    // MARK: - On the thread

    private func playAgain(_ ring: Ring) {
        guard let context = ring.context else { return }
        start(context, id: ring.id, ring.sound, role: .alarm) { [self] played in
            thread.run { [self] in
                // A sound that cannot play leaves the ring silent to its limit, as one without an output.
                guard ringing === ring, played else { return }
                thread.run(after: Self.ringGap) { [self] in
                    if ringing === ring { playAgain(ring) }
                }
            }
        }
    }

    /// Stops the ring; one that stopped `byItself` (not stopped or replaced) says so.
    private func endRing(byItself: Bool = false) {
        guard let ring = ringing else { return }
        ringing = nil
        if let context = ring.context {
            output.cancel(context, id: ring.id)
            retire(context)
        }
        if byItself { ring.ended() }
    }

    /// Destroys a context once its playback thread is surely gone: destroying unloads the
    /// backend's module, and a thread still returning from our callback into it crashed.
    private func retire(_ context: OpaquePointer) {
        nonisolated(unsafe) let context = context
        let output = output
        thread.run(after: Self.retireDelay) { output.close(context) }
    }

    private static let retireDelay: TimeInterval = 2

    private func takeSpare() -> OpaquePointer? {
        defer { spare = nil }
        return spare
    }

    /// Nothing played on it: no playback thread can still be inside the backend.
    private func closeSpare() {
        if let context = takeSpare() { output.close(context) }
    }

    private func takeID() -> UInt32 {
        defer { nextID &+= 1 }
        return nextID
    }

    private func open() -> OpaquePointer? {
        switch output.open() {
        case .success(let context): return context
        case .failure(let problem):
            onProblem("cannot open the sound output: \(problem)")
            return nil
        }
    }

    /// Starts one play; `finished` hears its end (or that it did not start) exactly once. A file
    /// that stopped being a regular file since the daemon looked (a FIFO would hold this thread
    /// for good) gives way to the theme's sound for the role: an alarm is never silent.
    private func start(
        _ context: OpaquePointer, id: UInt32, _ sound: SoundSource, role: SoundRole,
        finished: @escaping @Sendable (Bool) -> Void
    ) {
        var sound = sound
        if case .file(let path) = sound, let problem = SoundFile.notRegular(path) {
            onProblem(problem)
            sound = .theme(role == .alarm ? "alarm-clock-elapsed" : "bell")
        }
        if let problem = output.play(context, id: id, sound, role: role, finished: finished) {
            onProblem("cannot play \(sound): \(problem)")
        }
    }
}
