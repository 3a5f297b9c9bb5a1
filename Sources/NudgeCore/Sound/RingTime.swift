import Foundation

/// An alarm rings `dose.alarm_ring_minutes` from when it first rang, whichever daemon rings it:
/// a daemon started while it is unanswered rings only what is left, nothing once it is over.
/// The store is the truth: it rang from its delivery's showing, which is before the second a
/// restarted notification server lost it (its `shown_at` is then the showing again).
public enum RingTime {
    /// When `delivery`'s alarm began to ring; nil for one never shown.
    public static func startedAt(_ delivery: DeliveryRecord) -> Date? {
        guard let shownAt = delivery.shownAt else { return nil }
        return delivery.lostAt.map { min($0, shownAt) } ?? shownAt
    }

    /// How much of `limit` is left at `now` (0 once it is over); all of it for one never shown.
    public static func left(of limit: TimeInterval, for delivery: DeliveryRecord, at now: Date) -> TimeInterval {
        guard let started = startedAt(delivery) else { return limit }
        return max(0, min(limit, limit - now.timeIntervalSince(started)))
    }
}
