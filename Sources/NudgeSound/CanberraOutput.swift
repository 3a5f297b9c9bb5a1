import CCanberra
import Foundation
import Synchronization

/// The sound output through libcanberra, loaded while a context is open (`CanberraLibrary`):
/// its finish callbacks arrive on libcanberra's thread. Every call but `open` follows an `open`
/// that succeeded and comes before the `close` of its context, so the library is loaded then.
struct CanberraOutput: SoundOutput {
    /// Hears the libraries loaded (true) and unloaded (false): nothing else announces either.
    let librariesChanged: @Sendable (_ loaded: Bool) -> Void

    func open() -> Result<OpaquePointer, SoundOutputProblem> {
        let library: CanberraLibrary
        let wasLoaded = CanberraLibrary.shared.held != nil
        switch CanberraLibrary.shared.acquire() {
        case .success(let loaded): library = loaded
        case .failure(let problem): return .failure(problem)
        }
        if !wasLoaded { librariesChanged(true) }
        var context: OpaquePointer?
        var code = library.contextCreate(&context)
        if code == Int32(CA_SUCCESS), let context {
            code = library.contextOpen(context)
            if code == Int32(CA_SUCCESS) { return .success(context) }
            _ = library.contextDestroy(context)
        }
        let problem = library.describe(code)
        if CanberraLibrary.shared.release() { librariesChanged(false) }
        return .failure(SoundOutputProblem(description: problem))
    }

    func play(
        _ context: OpaquePointer, id: UInt32, _ sound: SoundSource, role: SoundRole,
        finished: @escaping @Sendable (Bool) -> Void
    ) -> SoundOutputProblem? {
        guard let library = CanberraLibrary.shared.held else {
            finished(false)
            return SoundOutputProblem(description: "libcanberra is not loaded")
        }
        let code = Self.start(library, context, id: id, sound, role: role) { finished($0 == Int32(CA_SUCCESS)) }
        return code == Int32(CA_SUCCESS) ? nil : SoundOutputProblem(description: library.describe(code))
    }

    func cancel(_ context: OpaquePointer, id: UInt32) {
        if let library = CanberraLibrary.shared.held { _ = library.contextCancel(context, id) }
    }

    /// The last context closed unloads the library: a sound is rare, and its libraries stayed
    /// resident for good.
    func close(_ context: OpaquePointer) {
        guard let library = CanberraLibrary.shared.held else { return }
        _ = library.contextDestroy(context)
        if CanberraLibrary.shared.release() { librariesChanged(false) }
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
