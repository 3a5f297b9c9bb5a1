import CCanberra
import CNudgeLinux
import Foundation
import Synchronization

/// The sound output through libcanberra, loaded by the first sound (`CanberraLibrary`): its
/// finish callbacks arrive on libcanberra's thread. Every call but `open` follows an `open`
/// that succeeded, so the library is loaded by then.
struct CanberraOutput: SoundOutput {
    func open() -> Result<OpaquePointer, SoundOutputProblem> {
        Self.quietALSA
        let library: CanberraLibrary
        switch CanberraLibrary.loaded {
        case .success(let loaded): library = loaded
        case .failure(let problem): return .failure(problem)
        }
        var context: OpaquePointer?
        var code = library.contextCreate(&context)
        if code == Int32(CA_SUCCESS), let context {
            code = library.contextOpen(context)
            if code == Int32(CA_SUCCESS) { return .success(context) }
            _ = library.contextDestroy(context)
        }
        return .failure(SoundOutputProblem(description: library.describe(code)))
    }

    func play(
        _ context: OpaquePointer, id: UInt32, _ sound: SoundSource, role: SoundRole,
        finished: @escaping @Sendable (Bool) -> Void
    ) -> SoundOutputProblem? {
        guard case .success(let library) = CanberraLibrary.loaded else {
            finished(false)
            return SoundOutputProblem(description: "libcanberra is not loaded")
        }
        let code = Self.start(library, context, id: id, sound, role: role) { finished($0 == Int32(CA_SUCCESS)) }
        return code == Int32(CA_SUCCESS) ? nil : SoundOutputProblem(description: library.describe(code))
    }

    func cancel(_ context: OpaquePointer, id: UInt32) {
        if case .success(let library) = CanberraLibrary.loaded { _ = library.contextCancel(context, id) }
    }

    func close(_ context: OpaquePointer) {
        if case .success(let library) = CanberraLibrary.loaded { _ = library.contextDestroy(context) }
    }

    /// Starts one play on a context and returns libcanberra's code; `finished` hears the end of
    /// the play (or the code, when it did not start) exactly once.
    static func start(
        _ library: CanberraLibrary, _ context: OpaquePointer, id: UInt32, _ sound: SoundSource, role: SoundRole,
        finished: @escaping @Sendable (Int32) -> Void
    ) -> Int32 {
        var properties: OpaquePointer?
        _ = library.proplistCreate(&properties)
        defer { _ = library.proplistDestroy(properties) }
        switch sound {
        case .theme(let name): _ = library.proplistSets(properties, CA_PROP_EVENT_ID, name)
        case .file(let path): _ = library.proplistSets(properties, CA_PROP_MEDIA_FILENAME, path)
        }
        _ = library.proplistSets(properties, CA_PROP_MEDIA_ROLE, role.rawValue)
        // libcanberra hands back an integer token, not a retained object: a callback that came
        // twice, or not at all after an error, can then neither over-release nor leak.
        let token = pending.register(finished)
        let code = library.contextPlayFull(
            context, id, properties,
            { _, _, code, token in
                CanberraOutput.pending.finish(Int(bitPattern: token), code: code)
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
