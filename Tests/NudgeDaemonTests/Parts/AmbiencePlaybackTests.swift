import Foundation
import Logging
import NudgeCore
import NudgeSystem
import Testing

@testable import NudgeDaemon

/// The ambient sound alone: it follows what each plan wants, and says each change once.
struct AmbiencePlaybackTests {
    let now = Timestamp.parse("2026-11-21T18:00:00Z")!

    @Test func aSpanPlayingGoesOnAndStopsOnce() {
        let player = FakeAmbientPlayer(clock: DaemonClock(startingAt: now))
        let playback = AmbiencePlayback(player: player, logger: .quiet)
        let span = Ambience(
            key: "meditation:1", sound: .noise(.pink), volume: 40, from: now, until: now.addingTimeInterval(1200))
        let clock = WallClock(zone: .system("UTC"))
        playback.follow(span, now: now, clock: clock)
        playback.follow(span, now: now.addingTimeInterval(60), clock: clock)
        #expect(playback.playing == span)
        playback.follow(nil, now: now.addingTimeInterval(120), clock: clock)
        playback.stop(because: "the daemon stops")
        #expect(playback.playing == nil)
        #expect(
            player.calls.withLock { $0 } == [
                "start pink-noise at 40 until 2026-11-21T18:20:00Z, fading 10 s", "stop",
            ])
    }
}
