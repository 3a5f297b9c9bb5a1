import Foundation
import NudgeCore

/// Plays one ambient sound at a time under a span: made or decoded by GStreamer
/// (`GStreamerAmbient`); tests give another.
public protocol AmbientPlayer: Sendable {
    /// Plays `sound` at `volume` (1 to 100) for `seconds`, fading out over the last
    /// `fadeSeconds` of them, in place of what plays; it stops by itself at the end.
    func start(_ sound: AmbientSound, volume: Int, seconds: TimeInterval, fadeSeconds: TimeInterval)
    /// Stops what plays, if anything, within moments; returns at once, never waiting on a
    /// start that is stuck in the sound library.
    func stop()
}
