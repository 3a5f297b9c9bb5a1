import Foundation
import GRDB
import NudgeCore

extension DeliveryRecord {
    /// A `reminder_deliveries` row; nil for one whose due instant another program wrote unreadably.
    init?(row: Row) {
        guard let dueAt = Timestamp.parse(row["due_at"]) else { return nil }
        let date: (String) -> Date? = { column in (row[column] as String?).flatMap(Timestamp.parse) }
        self.init(
            id: row["id"], key: row["reminder_key"], kind: row["kind"], dueAt: dueAt, shownAt: date("shown_at"),
            notificationID: (row["notification_id"] as Int64?).map { UInt32(truncatingIfNeeded: $0) },
            closedAt: date("closed_at"), closedReason: row["closed_reason"], action: row["action"],
            acknowledgedAt: date("acknowledged_at"), cancelledAt: date("cancelled_at"), missedAt: date("missed_at"),
            title: row["title"], body: row["body"], reshowAt: date("reshow_at"), reshown: row["reshown"] ?? 0)
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
