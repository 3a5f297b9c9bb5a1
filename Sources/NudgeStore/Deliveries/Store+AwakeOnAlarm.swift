import Foundation
import GRDB
import NudgeCore

/// The latest "I'm awake" on a ringing alarm, by the delivery it stopped: a daemon restarted
/// after it does not ring that delivery again, while a follow-up or warning shown after it (a
/// delivery of its own) rings. Kept whether or not an escalation waits (that one is
/// `escalation_awake`), in `store_metadata` (nudge's bookkeeping, not a record).
extension Store {
    /// Whether "I'm awake" was the latest answer to stop `delivery`'s ringing; false for what
    /// is stored of another delivery, or is not what nudge wrote.
    public func isAwakeAnswered(_ delivery: DeliveryRecord) throws(StoreError) -> Bool {
        let awake = try metadataValue(AwakeOnAlarm.self)
        return awake?.deliveryID == delivery.id && awake?.key == delivery.key
    }

    /// Records "I'm awake" at `instant` on `delivery`, replacing any other's.
    public func recordAwake(on delivery: DeliveryRecord, at instant: Date) throws(StoreError) {
        try recordMetadataValue(
            AwakeOnAlarm(at: instant, deliveryID: delivery.id, key: delivery.key), as: AwakeOnAlarm.self)
    }
}

/// `INSTANT ID KEY`: the key too, so that an id SQLite hands out again after the newest rows
/// were removed is not taken for it.
private struct AwakeOnAlarm: StoreMetadataValue {
    static let metadataKey = "alarm_awake"

    var at: Date
    var deliveryID: Int64
    var key: String

    init(at: Date, deliveryID: Int64, key: String) {
        (self.at, self.deliveryID, self.key) = (at, deliveryID, key)
    }

    init?(metadataText: String) {
        let parts = metadataText.split(separator: " ", maxSplits: 2)
        guard parts.count == 3, let at = Timestamp.parse(String(parts[0])), let id = Int64(parts[1]) else {
            return nil
        }
        self.init(at: at, deliveryID: id, key: String(parts[2]))
    }

    var metadataText: String { "\(Timestamp.format(at, fractionDigits: 3)) \(deliveryID) \(key)" }
}
