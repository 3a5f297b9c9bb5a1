import Foundation
import GRDB
import NudgeCore

extension DeliveryRecord {
    /// A `reminder_deliveries` row; nil for one whose id, key, kind or due instant another
    /// program wrote unreadably.
    init?(row: Row) {
        guard let dueAt = row.stored("due_at").flatMap(Timestamp.parse), let id: Int64 = row.stored("id"),
            let key: String = row.stored("reminder_key"), let kind: ReminderKind = row.stored("kind")
        else {
            UnreadableRows.note("reminder_deliveries", row)
            return nil
        }
        let date: (String) -> Date? = { column in row.stored(column).flatMap(Timestamp.parse) }
        self.init(
            id: id, key: key, kind: kind, dueAt: dueAt, shownAt: date("shown_at"),
            notificationID: row.stored("notification_id", as: Int64.self).map { UInt32(truncatingIfNeeded: $0) },
            closedAt: date("closed_at"), closedReason: row.stored("closed_reason"), action: row.stored("action"),
            acknowledgedAt: date("acknowledged_at"), cancelledAt: date("cancelled_at"), missedAt: date("missed_at"),
            title: row.stored("title"), body: row.stored("body"), reshowAt: date("reshow_at"),
            reshown: min(max(row.stored("reshown") ?? 0, 0), ExpiredReshow.limit), heldAt: date("held_at"),
            releasedAt: date("released_at"), lostAt: date("lost_at"),
            lostCause: row.stored("lost_reason", as: String.self).flatMap(LossCause.init(rawValue:)) ?? .server)
    }
}

/// Any text is a kind: one this nudge does not know keeps its name.
extension ReminderKind: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> ReminderKind? {
        String.fromDatabaseValue(dbValue).map(ReminderKind.init(rawValue:))
    }
}

/// A reason another program spelled otherwise reads as `undefined`, as the spec's code 4 does.
extension CloseReason: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> CloseReason? {
        String.fromDatabaseValue(dbValue).map { CloseReason(rawValue: $0) ?? .undefined }
    }
}
