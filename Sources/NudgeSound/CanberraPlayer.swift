import CCanberra
import CNudgeLinux
import Foundation
import Synchronization

/// nudge's sounds through libcanberra. A context exists only while something plays; its finish
/// callbacks arrive on libcanberra's thread, and everything else happens on one sound thread.
public final class CanberraPlayer: SoundPlayer, @unchecked Sendable {
    private let thread = SoundThread()
    private let onProblem: @Sendable (String) -> Void
    /// The alarm ringing now; touched only on `thread`.
    private var ringing: Ring?
    private var nextID: UInt32 = 1
    /// Whether a chime is queued and not yet started: another asked for meanwhile would sound
    /// at the same moment, and only piles up on the thread when chimes come faster than a
    /// context opens.
    private let chimeQueued = Atomic<Bool>(false)

    /// Immutable, and its context is used only on the thread.
    private final class Ring: @unchecked Sendable {
        let context: OpaquePointer
        let sound: SoundSource
        /// On the monotonic clock, as the thread's delays.
        let deadline: UInt64
        let id: UInt32
        let ended: @Sendable () -> Void

        init(
            context: OpaquePointer, sound: SoundSource, deadline: UInt64, id: UInt32,
            ended: @escaping @Sendable () -> Void
        ) {
            self.context = context
            self.sound = sound
            self.deadline = deadline
            self.id = id
            self.ended = ended
        }
    }

    /// `onProblem` hears why a sound could not play (no sound device, an unknown name).
    public init(onProblem: @escaping @Sendable (String) -> Void) {
        self.onProblem = onProblem
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
            guard let context = open() else { return ended() }
            let deadline = SoundThread.monotonicNanoseconds() + UInt64(max(limit, 0) * 1e9)
            let ring = Ring(context: context, sound: sound, deadline: deadline, id: takeID(), ended: ended)
            ringing = ring
            playAgain(ring)
            thread.run(after: limit) { [self] in
                if ringing === ring { endRing(byItself: true) }
            }
        }
    }

    public func stopRinging() {
        thread.run { [self] in endRing() }
    }

    // MARK: - On the thread

    private func playAgain(_ ring: Ring) {
        start(ring.context, id: ring.id, ring.sound, role: .alarm) { [self] code in
            thread.run { [self] in
                guard ringing === ring else { return }
                guard code == Int32(CA_SUCCESS), SoundThread.monotonicNanoseconds() < ring.deadline else {
                    endRing(byItself: true)
                    return
                }
                thread.run(after: Self.ringGap) { [self] in
                    if ringing === ring, SoundThread.monotonicNanoseconds() < ring.deadline { playAgain(ring) }
                }
            }
        }
    }

    /// Stops the ring; one that stopped `byItself` (not stopped or replaced) says so.
    private func endRing(byItself: Bool = false) {
        guard let ring = ringing else { return }
        ringing = nil
        ca_context_cancel(ring.context, ring.id)
        retire(ring.context)
        if byItself { ring.ended() }
    }

    /// Destroys a context once its playback thread is surely gone: destroying unloads the
    /// backend's module, and a thread still returning from our callback into it crashed.
    private func retire(_ context: OpaquePointer) {
        nonisolated(unsafe) let context = context
        thread.run(after: Self.retireDelay) { ca_context_destroy(context) }
    }

    private static let retireDelay: TimeInterval = 2

    private func takeID() -> UInt32 {
        defer { nextID &+= 1 }
        return nextID
    }

    private func open() -> OpaquePointer? {
        Self.quietALSA
        var context: OpaquePointer?
        var code = ca_context_create(&context)
        if code == Int32(CA_SUCCESS), let context {
            code = ca_context_open(context)
            if code == Int32(CA_SUCCESS) { return context }
            ca_context_destroy(context)
        }
        onProblem("cannot open the sound output: \(String(cString: ca_strerror(code)))")
        return nil
    }

    /// Starts one play; `finished` hears its end (or why it did not start) exactly once.
    private func start(
        _ context: OpaquePointer, id: UInt32, _ sound: SoundSource, role: SoundRole,
        finished: @escaping @Sendable (Int32) -> Void
    ) {
        let code = Self.start(context, id: id, sound, role: role, finished: finished)
        if code != Int32(CA_SUCCESS) { onProblem("cannot play \(sound): \(String(cString: ca_strerror(code)))") }
    }

    /// Starts one play on a context and returns libcanberra's code; `finished` hears the end of
    /// the play (or the code, when it did not start) exactly once.
    static func start(
        _ context: OpaquePointer, id: UInt32, _ sound: SoundSource, role: SoundRole,
        finished: @escaping @Sendable (Int32) -> Void
    ) -> Int32 {
        var properties: OpaquePointer?
        ca_proplist_create(&properties)
        defer { ca_proplist_destroy(properties) }
        switch sound {
        case .theme(let name): ca_proplist_sets(properties, CA_PROP_EVENT_ID, name)
        case .file(let path): ca_proplist_sets(properties, CA_PROP_MEDIA_FILENAME, path)
        }
        ca_proplist_sets(properties, CA_PROP_MEDIA_ROLE, role.rawValue)
        // libcanberra hands back an integer token, not a retained object: a callback that came
        // twice, or not at all after an error, can then neither over-release nor leak.
        let token = pending.register(finished)
        let code = ca_context_play_full(
            context, id, properties,
            { _, _, code, token in
                CanberraPlayer.pending.finish(Int(bitPattern: token), code: code)
            }, UnsafeMutableRawPointer(bitPattern: token))
        if code != Int32(CA_SUCCESS) { pending.finish(token, code: code) }
        return code
    }

    /// ALSA's own error lines kept off stderr, once per process, at the first sound: loading
    /// libasound at start would cost memory a daemon at rest without sounds does not need.
    static let quietALSA: Void = nudge_quiet_alsa_errors()

    /// Plays under way, by token; each is finished at most once.
    static let pending = PendingPlays()
}

final class PendingPlays: Sendable {
    private let plays = Mutex<(next: Int, finished: [Int: @Sendable (Int32) -> Void])>((1, [:]))

    func register(_ finished: @escaping @Sendable (Int32) -> Void) -> Int {
        plays.withLock { plays in
            let token = plays.next
            plays.next += 1
            plays.finished[token] = finished
            return token
        }
    }

    func finish(_ token: Int, code: Int32) {
        plays.withLock { $0.finished.removeValue(forKey: token) }?(code)
    }
}
