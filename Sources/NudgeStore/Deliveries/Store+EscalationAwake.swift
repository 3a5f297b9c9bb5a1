import Foundation
import GRDB
import NudgeCore

/// The latest "I'm awake" on a ringing alarm, by its escalation's key: the escalation waits as
/// long after it as after the ring (``Escalation/postponed(byAwakeAt:)``). Kept in the store so
/// that a daemon restarted after the answer escalates at the postponed time, not at the ring's.
/// One alarm at a time; kept in `store_metadata` (nudge's bookkeeping, not a record).
extension Store {
    /// When "I'm awake" was last answered on the alarm escalated under `key`; nil when it was not
    /// (or what is stored is another alarm's, or nothing nudge wrote).
    public func escalationAwake(key: String) throws(StoreError) -> Date? {
        try metadataValue(EscalationAwake.self).flatMap { $0.key == key ? $0.at : nil }
    }

    /// Records "I'm awake" at `instant` on the alarm escalated under `key`, replacing any other's.
    public func recordEscalationAwake(key: String, at instant: Date) throws(StoreError) {
        try recordMetadataValue(EscalationAwake(at: instant, key: key), as: EscalationAwake.self)
    }
}

/// `INSTANT KEY`.
private struct EscalationAwake: StoreMetadataValue {
    static let metadataKey = "escalation_awake"

    var at: Date
    var key: String

    init(at: Date, key: String) { (self.at, self.key) = (at, key) }

    init?(metadataText: String) {
        let parts = metadataText.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let at = Timestamp.parse(String(parts[0])) else { return nil }
        self.init(at: at, key: String(parts[1]))
    }

    var metadataText: String { "\(Timestamp.format(at, fractionDigits: 3)) \(key)" }
}
