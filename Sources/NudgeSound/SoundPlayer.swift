import Foundation

/// Plays nudge's own sounds: once, or as an alarm that rings until it is stopped.
public protocol SoundPlayer: AnyObject, Sendable {
    /// Plays once, as an event.
    func play(_ sound: SoundSource)
    /// Rings as an alarm: plays again after each play ends, with at most `SoundPlayer.ringGap`
    /// between plays, until `stopRinging()` or until `limit` has passed. A new ring replaces
    /// the one before.
    func ring(_ sound: SoundSource, limit: TimeInterval)
    func stopRinging()
}

extension SoundPlayer {
    /// The pause between two plays of a ringing alarm (DoseTap rings every 2.5 s at most).
    public static var ringGap: TimeInterval { 1.0 }
}
