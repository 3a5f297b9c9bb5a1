import Foundation
import GRDB
import NudgeCore

/// The test alarm reads nothing: it is only ever queued by `nudge dose test-alarm`.
extension TestAlarm: StoredRule {
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts { Facts() }
}

extension Store {
    /// Withdraws every test alarm queued and not yet rung; the times they were due, soonest
    /// first. One ringing or rung stays as it is (Stop answers it).
    public func cancelTestAlarms(at now: Date) throws(StoreError) -> [Date] {
        try write { db in
            let queued = "kind = '\(ReminderKind.alarmTest.rawValue)' AND \(DeliveryRecord.owedSQL())"
            let due = try Row.fetchAll(
                db, sql: "SELECT due_at FROM reminder_deliveries WHERE \(queued) ORDER BY due_at"
            ).compactMap { $0.stored(at: 0).flatMap(Timestamp.parse) }
            try db.execute(
                sql: "UPDATE reminder_deliveries SET cancelled_at = ? WHERE \(queued)",
                arguments: [Timestamp.format(now)])
            return due
        }
    }
}
