import Foundation
import GRDB
import NudgeCore

/// A notification still on screen whose delivery a restore rolled back: it answers nothing
/// now, and its occurrence, if the backup still owes it, is shown again beside it. The restore
/// names it in the store (`store_metadata` `rolled_back_notifications`), the daemon closes it.
public struct RolledBackNotification: Codable, Sendable, Equatable {
    public var notificationID: UInt32
    public var shownAt: Date

    enum CodingKeys: String, CodingKey {
        case notificationID = "notification_id"
        case shownAt = "shown_at"
    }

    public init(notificationID: UInt32, shownAt: Date) {
        self.notificationID = notificationID
        self.shownAt = shownAt
    }
}

extension Store {
    static let rolledBackNotificationsKey = "rolled_back_notifications"
    /// More than any screen holds: a store whose server never said what it closed has many
    /// rows that look open, and only the newest can still be up.
    private static let rolledBackKept = 100

    /// After a restore's write, from `keptPath` (the store as the restore found it): every
    /// delivery, own reminder and contact id it had given stays given (`IssuedNumbers`: a
    /// reminder rolled back gave its id to the next one added, hostile round 21 on issue 39),
    /// its notifications that look open and that the restored store does not record as shown
    /// are named for the daemon, and so those it records as on screen that had closed
    /// (`ClosedBeforeRestore`); its alarms sent beyond this computer stay recorded
    /// (`keepEscalations`). Best effort: the restore is done whatever happens here.
    static func recordRolledBack(store storePath: String, kept keptPath: String) {
        // A finished copy no process writes: read as it is, making no file beside it.
        let kept = try? BackupDirectory.openImmutable(keptPath).read { db in
            (
                highest: try IssuedNumbers.keptByRestore.map { try $0.highest(db) },
                open: try Row.fetchAll(
                    db,
                    sql: """
                        SELECT id, notification_id, shown_at FROM reminder_deliveries
                        WHERE notification_id IS NOT NULL AND shown_at IS NOT NULL AND closed_at IS NULL
                        ORDER BY shown_at DESC LIMIT \(rolledBackKept)
                        """),
                closed: (try? closedNotifications(kept: db)) ?? [],
                escalations: (try? escalations(kept: db)) ?? []
            )
        }
        guard let kept else { return }
        var configuration = Configuration()
        configuration.busyMode = LockWait.busyMode
        configuration.label = "nudge.restore"
        try? DatabaseQueue(path: storePath, configuration: configuration).write { db in
            for (numbers, highest) in zip(IssuedNumbers.keptByRestore, kept.highest) {
                try numbers.recordIssued(through: highest, db)
            }
            try? nameClosedBeforeRestore(kept.closed, db)
            try? keepEscalations(kept.escalations, db)
            try nameRolledBack(kept.open, db)
        }
    }

    /// Names for the daemon the notifications of `open` (the replaced store's rows that look
    /// open) whose deliveries the restored store (`db`) does not record as shown.
    private static func nameRolledBack(_ open: [Row], _ db: Database) throws {
        var rolledBack = try rolledBackNotifications(db)
        for row in open {
            guard let id: Int64 = row.stored(at: 0), let notification: Int64 = row.stored(at: 1),
                let shown: String = row.stored(at: 2), let shownAt = Timestamp.parse(shown),
                let notificationID = UInt32(exactly: notification),
                try Bool.fetchOne(
                    db,
                    sql:
                        "SELECT count(*) > 0 FROM reminder_deliveries WHERE id = ? AND notification_id = ? AND shown_at = ?",
                    arguments: [id, notification, shown]) != true
            else { continue }
            let named = RolledBackNotification(notificationID: notificationID, shownAt: shownAt)
            if !rolledBack.contains(named) { rolledBack.append(named) }
        }
        try record(rolledBack, db)
    }

    /// The notifications restores named that the daemon has not closed yet; a value another
    /// program spoiled names none.
    public func rolledBackNotifications() throws(StoreError) -> [RolledBackNotification] {
        try read { db in try Self.rolledBackNotifications(db) }
    }

    /// Whether the store records `notification` as shown under its id in its second: the
    /// daemon recorded it again as still on screen (`recordStillOnScreen`) before or after the
    /// restore named it, and it is not closed.
    public func recordsShown(_ notification: RolledBackNotification) throws(StoreError) -> Bool {
        try read { db in
            try Bool.fetchOne(
                db,
                sql: "SELECT count(*) > 0 FROM reminder_deliveries WHERE notification_id = ? AND shown_at = ?",
                arguments: [Int64(notification.notificationID), Timestamp.format(notification.shownAt)]) == true
        }
    }

    /// Forgets `handled` (closed, or no longer this server's to close); what a restore named
    /// since stays.
    public func forgetRolledBack(_ handled: [RolledBackNotification]) throws(StoreError) {
        try write { db in
            try Self.record(Self.rolledBackNotifications(db).filter { !handled.contains($0) }, db)
        }
    }

    private static func rolledBackNotifications(_ db: Database) throws -> [RolledBackNotification] {
        let text = try StoredColumn.value(
            db, String.self, sql: "SELECT value FROM store_metadata WHERE key = ?",
            arguments: [rolledBackNotificationsKey])
        return text.flatMap { try? JSONDecoder.rolledBack.decode([RolledBackNotification].self, from: Data($0.utf8)) }
            ?? []
    }

    private static func record(_ notifications: [RolledBackNotification], _ db: Database) throws {
        guard !notifications.isEmpty,
            let text = try? String(decoding: JSONEncoder.rolledBack.encode(notifications), as: UTF8.self)
        else {
            try db.execute(sql: "DELETE FROM store_metadata WHERE key = ?", arguments: [rolledBackNotificationsKey])
            return
        }
        try db.execute(
            sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)",
            arguments: [rolledBackNotificationsKey, text])
    }
}

extension JSONEncoder {
    fileprivate static var rolledBack: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    fileprivate static var rolledBack: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
