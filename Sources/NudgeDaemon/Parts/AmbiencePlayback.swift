import Foundation
import Logging
import NudgeCore
import NudgeSound

/// Ambient sound under a span (a meditation's, from its start bell to its end): what plays
/// follows the store at every plan, and stops at once for a sleep or the daemon's end.
final class AmbiencePlayback {
    private let player: any AmbientPlayer
    private let logger: Logger
    /// The span playing now.
    private(set) var playing: Ambience?

    init(player: any AmbientPlayer, logger: Logger) {
        self.player = player
        self.logger = logger
    }

    /// Plays `wanted` (the span that holds now), or stops what plays; a span already playing
    /// goes on.
    func follow(_ wanted: Ambience?, now: Date, clock wallClock: WallClock) {
        guard wanted != playing else { return }
        guard let wanted else { return stop(because: "its time is over or it was stopped") }
        playing = wanted
        player.start(
            wanted.sound, volume: wanted.volume, seconds: wanted.until.timeIntervalSince(now),
            fadeSeconds: Ambience.fadeSeconds)
        logger.info(
            "playing \(wanted.sound) at volume \(wanted.volume) until \(wallClock.timeOfDay(wanted.until)), fading out over its last \(Int(Ambience.fadeSeconds)) s",
            metadata: [
                "event": "ambient_started", "sound": "\(wanted.sound)", "until": "\(Timestamp.format(wanted.until))",
            ])
    }

    func stop(because reason: String) {
        guard let playing else { return }
        self.playing = nil
        player.stop()
        logger.info(
            "stopped \(playing.sound): \(reason)", metadata: ["event": "ambient_stopped", "reason": "\(reason)"])
    }
}
