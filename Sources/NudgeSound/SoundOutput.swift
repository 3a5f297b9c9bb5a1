import Foundation

/// What the player asks of the sound output: libcanberra in the daemon (`CanberraOutput`), a
/// fake in tests, so that the ring's limit, its gaps and the chimes' coalescing are tested in
/// process in milliseconds. Every call but `finished` is made on the player's sound thread.
protocol SoundOutput: Sendable {
    /// A context to play on, or why there is none (no sound device).
    func open() -> Result<OpaquePointer, SoundOutputProblem>
    /// Starts one play; `finished` hears, exactly once and on any thread, whether it played to
    /// its end. A play that cannot start returns why, and `finished(false)` has been called.
    func play(
        _ context: OpaquePointer, id: UInt32, _ sound: SoundSource, role: SoundRole,
        finished: @escaping @Sendable (Bool) -> Void
    ) -> SoundOutputProblem?
    /// Stops the play `id` on `context`; its `finished` still comes.
    func cancel(_ context: OpaquePointer, id: UInt32)
    /// Frees a context no play uses any more.
    func close(_ context: OpaquePointer)
}

/// Why the output could not open or play, in libcanberra's words.
struct SoundOutputProblem: Error, Equatable, CustomStringConvertible {
    var description: String
}
