import Foundation

/// Plays nudge's own sounds: once, or as an alarm that rings until it is stopped.
public protocol SoundPlayer: AnyObject, Sendable {
    /// Plays once, as an event; `finished` hears, exactly once, that the play ended or could
    /// not start.
    func play(_ sound: SoundSource, finished: @escaping @Sendable () -> Void)
    /// Rings as an alarm: plays again after each play ends, with at most `SoundPlayer.ringGap`
    /// between plays, until `stopRinging()` or until `limit` has passed. A new ring replaces
    /// the one before. A sound that cannot play (no sound device) leaves it silent, never ends
    /// it sooner: the alarm rings for its answers all the same. `ended` hears, at most once,
    /// that it stopped by itself at its limit; never for a ring stopped or replaced.
    func ring(_ sound: SoundSource, limit: TimeInterval, ended: @escaping @Sendable () -> Void)
    func stopRinging()
    /// An alarm is planned to ring at `instant` (nil: none is): the player may get ready for it,
    /// so that its first sound comes sooner.
    func prepareToRing(at instant: Date?)
}

extension SoundPlayer {
    /// The pause between two plays of a ringing alarm (DoseTap rings every 2.5 s at most).
    public static var ringGap: TimeInterval { 1.0 }

    public func play(_ sound: SoundSource) { play(sound) {} }

    /// Players that have nothing to get ready (the tests' fakes).
    public func prepareToRing(at instant: Date?) {}
}
