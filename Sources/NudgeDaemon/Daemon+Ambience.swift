import Foundation
import NudgeCore

/// Ambient sound under a span (a meditation's, from its start bell to its end): what plays
/// follows the store at every plan, and stops at once for a sleep or the daemon's end.
extension Daemon {
    /// Plays the span that holds now, or stops what plays; a span already playing goes on.
    /// Between logind's word of a sleep and the resume nothing starts: a plan made then (a write
    /// by another process) would otherwise start the sound again as the computer goes to sleep.
    func playAmbience(input: ScheduleInput) {
        let now = configuration.clock.now()
        let wanted = sleepAnnounced ? nil : input.ambience(now: now, clock: wallClock)
        guard wanted != playingAmbience else { return }
        guard let wanted else { return stopAmbience(because: "its time is over or it was stopped") }
        playingAmbience = wanted
        ambientPlayer.start(
            wanted.sound, volume: wanted.volume, seconds: wanted.until.timeIntervalSince(now),
            fadeSeconds: Ambience.fadeSeconds)
        logger.info(
            "playing \(wanted.sound) at volume \(wanted.volume) until \(wallClock.timeOfDay(wanted.until)), fading out over its last \(Int(Ambience.fadeSeconds)) s",
            metadata: [
                "event": "ambient_started", "sound": "\(wanted.sound)", "until": "\(Timestamp.format(wanted.until))",
            ])
    }

    func stopAmbience(because reason: String) {
        guard let playing = playingAmbience else { return }
        playingAmbience = nil
        ambientPlayer.stop()
        logger.info(
            "stopped \(playing.sound): \(reason)", metadata: ["event": "ambient_stopped", "reason": "\(reason)"])
    }
}
