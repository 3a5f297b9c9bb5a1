import Foundation
import Logging
import NudgeCore
import NudgeSound
import NudgeStore
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// The ringing alone, on a store and a player that records what it was asked.
struct RingerTests {
    let directory = TemporaryDirectory()
    let now = Timestamp.parse("2026-11-21T20:00:00Z")!
    let clock = WallClock(zone: .system("UTC"))
    let player = DaemonTests.FakePlayer()
    let alarm = Ringer.Playback.ring(.theme("alarm-clock-elapsed"), limit: 600, offersAwake: true)
    /// What the ringer told the commands "I'm awake" stops, in order.
    final class Published { var deliveries: [Int64?] = [] }
    let published = Published()

    func ringer() throws -> (Ringer, Store) {
        let store = try Store(path: directory.file("nudge.sqlite"), now: now)
        let published = published
        let ringer = Ringer(player: player, store: store, events: try EventQueue(), logger: .quiet) { _, awakeStops in
            published.deliveries.append(awakeStops)
        }
        return (ringer, store)
    }

    var stops: Int { player.calls.withLock { $0.filter { $0 == "stop" }.count } }

    /// The player's word that a ring ended names it: an older ring's end leaves this one ringing.
    @Test func aRingEndsOnlyByItsOwnNumber() throws {
        let (ringer, _) = try ringer()
        ringer.play(alarm, deliveryID: 7, notificationID: 0)
        ringer.ringEnded(2)
        #expect(ringer.ringing?.deliveryID == 7)
        ringer.ringsOn(notification: 12, forDelivery: 8)
        #expect(ringer.ringing?.notificationID == 0)
        ringer.ringsOn(notification: 12, forDelivery: 7)
        #expect(ringer.ringing?.notificationID == 12)
        ringer.ringEnded(1)
        #expect(ringer.ringing == nil)
        // Ended by the player: nothing is left to stop.
        ringer.stop(because: "answered")
        #expect(stops == 0)
    }

    /// `nudge ack ID awake` may stop only the delivery the daemon published as ringing with
    /// "I'm awake": published while it rings, withdrawn when it stops; a ring without the
    /// button (the test alarm) publishes none.
    @Test func whatIAmAwakeStopsIsPublishedWhileItRings() throws {
        let (ringer, _) = try ringer()
        ringer.play(alarm, deliveryID: 7, notificationID: 3)
        ringer.stop(because: "awake")
        ringer.play(
            .ring(.theme("alarm-clock-elapsed"), limit: 600, offersAwake: false), deliveryID: 8, notificationID: 4)
        #expect(published.deliveries == [7, nil, nil])
    }

    /// After a plan, the alarm rings on while its notification is on screen unanswered, and
    /// stops once the server closed it.
    @Test func theAlarmStopsOnceItsNotificationIsClosed() throws {
        let (ringer, store) = try ringer()
        let occurrence = Occurrence(kind: .symptom, key: "symptom:2026-11-21", dueAt: now, title: "Symptoms")
        let claimed = try #require(try store.claim(occurrence))
        try store.markShown(claimed.id, notificationID: 4, content: nil, at: now, clock: clock)
        ringer.play(alarm, deliveryID: claimed.id, notificationID: 4)
        try ringer.stopIfSettled(input: store.scheduleInput(at: now, clock: clock), clock: clock)
        #expect(ringer.ringing?.deliveryID == claimed.id && stops == 0)
        try store.recordClosed(notificationID: 4, reason: CloseReason(code: 2), at: now, reshowAfter: 1800)
        try ringer.stopIfSettled(input: store.scheduleInput(at: now, clock: clock), clock: clock)
        #expect(ringer.ringing == nil && stops == 1)
    }
}
