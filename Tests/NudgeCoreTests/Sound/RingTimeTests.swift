import Foundation
import NudgeCore
import Testing

/// The alarm's time to ring counts from its first showing, as the store has it (issue 41,
/// hostile round after F12: a restarted daemon rang it again from zero).
@Suite struct RingTimeTests {
    let shown = Date(timeIntervalSince1970: 1_795_770_000)

    func delivery(shownAt: Date?, lostAt: Date? = nil) -> DeliveryRecord {
        DeliveryRecord(id: 1, key: "dose2:S:alarm:0", kind: .dose2, dueAt: shown, shownAt: shownAt, lostAt: lostAt)
    }

    @Test func whatIsLeftCountsFromTheShowing() {
        let alarm = delivery(shownAt: shown)
        #expect(RingTime.left(of: 300, for: alarm, at: shown.addingTimeInterval(120)) == 180)
        #expect(RingTime.left(of: 300, for: alarm, at: shown.addingTimeInterval(300)) == 0)
        #expect(RingTime.left(of: 300, for: alarm, at: shown.addingTimeInterval(3600)) == 0)
        // A clock set back before the showing rings no more than the whole time.
        #expect(RingTime.left(of: 300, for: alarm, at: shown.addingTimeInterval(-60)) == 300)
        #expect(RingTime.left(of: 300, for: delivery(shownAt: nil), at: shown) == 300)
    }

    /// Shown again after a restarted server lost it: it rang from before the loss.
    @Test func aShowingAgainAfterALossDoesNotStartTheTimeAgain() {
        let lost = shown.addingTimeInterval(200)
        let alarm = delivery(shownAt: lost, lostAt: lost)
        #expect(RingTime.startedAt(alarm) == lost)
        #expect(RingTime.left(of: 300, for: alarm, at: lost.addingTimeInterval(100)) == 200)
    }
}
