import Foundation
import GRDB
import NudgeCore

/// A notification that had closed (the server expired it, the person dismissed it, or nudge
/// closed it once it was answered or settled) when a restore put in place a backup recording
/// it as still on screen. The daemon that heard the close remembers it (`ClosedNotifications`);
/// one started since does not, and the reminder stayed "shown, no answer" with nothing on
/// screen (issue 39: a daemon restarted between the close and the restore). The restore names
/// them from the store it replaced (`store_metadata` `closed_before_restore`); the daemon takes
/// each as a close it heard.
public struct ClosedBeforeRestore: Codable, Sendable, Equatable {
    public var notificationID: UInt32
    public var shownAt: Date
    public var closedAt: Date
    /// The server's reason (`expired`, `dismissed`, `undefined`), or `closed`: nudge closed it.
    public var reason: String

    enum CodingKeys: String, CodingKey {
        case notificationID = "notification_id"
        case shownAt = "shown_at"
        case closedAt = "closed_at"
        case reason
    }

    public var closeReason: CloseReason { CloseReason(rawValue: reason) ?? .undefined }

    public init(notificationID: UInt32, shownAt: Date, closedAt: Date, reason: String) {
        self.notificationID = notificationID
        self.shownAt = shownAt
        self.closedAt = closedAt
        self.reason = reason
    }
}

extension Store {
    /// As many as `rolled_back_notifications` keeps: more than any screen holds.
    private static let closedBeforeRestoreKept = 100

    /// The closes restores named that the daemon has not taken yet; a value another program
    /// spoiled names none.
    public func closedBeforeRestore() throws(StoreError) -> [ClosedBeforeRestore] {
        try metadataValue(ClosedBeforeRestoreList.self)?.closes ?? []
    }

    /// Forgets `taken`; what a restore named since stays.
    public func forgetClosedBeforeRestore(_ taken: [ClosedBeforeRestore]) throws(StoreError) {
        let left = try closedBeforeRestore().filter { !taken.contains($0) }
        try recordMetadataValue(
            left.isEmpty ? nil : ClosedBeforeRestoreList(closes: left), as: ClosedBeforeRestoreList.self)
    }

    /// Records that the daemon closed notification `close` of a delivery this store no longer
    /// records (a restore, or another program's copy, rolled it back): the row is not here to
    /// say so, and a restore of the copy kept before (a person who regrets a restore) would
    /// put back a row that says it is on screen, and a daemon started since would ring for
    /// it with nothing shown (hostile round 26 on issue 39).
    public func recordClosedRolledBack(_ close: ClosedBeforeRestore) throws(StoreError) {
        let closes = try (metadataValue(ClosedRolledBackList.self)?.closes ?? []).filter { $0 != close } + [close]
        try recordMetadataValue(
            ClosedRolledBackList(closes: Array(closes.suffix(Self.closedBeforeRestoreKept))),
            as: ClosedRolledBackList.self)
    }

    /// Of the store a restore replaced (`kept`), the notifications no longer on screen: shown,
    /// then closed, answered, cancelled, missed or lost, newest first; then those the daemon
    /// closed as rolled back (`recordClosedRolledBack`), which it has no rows for.
    static func closedNotifications(kept db: Database) throws -> [ClosedBeforeRestore] {
        let rolledBack =
            try String.fetchOne(
                db, sql: "SELECT value FROM store_metadata WHERE key = ?",
                arguments: [ClosedRolledBackList.metadataKey]
            ).flatMap(ClosedRolledBackList.init(metadataText:))?.closes.reversed() ?? []
        return try closedRows(kept: db) + rolledBack
    }

    private static func closedRows(kept db: Database) throws -> [ClosedBeforeRestore] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT notification_id, shown_at,
                    coalesce(closed_at, acknowledged_at, cancelled_at, missed_at, lost_at, shown_at),
                    CASE WHEN action IS NULL AND closed_reason IN ('expired', 'dismissed', 'undefined')
                        THEN closed_reason ELSE 'closed' END
                FROM reminder_deliveries
                WHERE notification_id IS NOT NULL AND shown_at IS NOT NULL
                  AND (closed_at IS NOT NULL OR action IS NOT NULL OR cancelled_at IS NOT NULL
                    OR missed_at IS NOT NULL OR lost_at > shown_at)
                ORDER BY shown_at DESC LIMIT \(closedBeforeRestoreKept)
                """
        ).compactMap { row in
            guard let notification: Int64 = row.stored(at: 0), let id = UInt32(exactly: notification),
                let shownAt = row.stored(at: 1, as: String.self).flatMap(Timestamp.parse),
                let closedAt = row.stored(at: 2, as: String.self).flatMap(Timestamp.parse),
                let reason: String = row.stored(at: 3)
            else { return nil }
            return ClosedBeforeRestore(notificationID: id, shownAt: shownAt, closedAt: closedAt, reason: reason)
        }
    }

    /// Names for the daemon those of `closes` that the restored store (`db`) records as on screen.
    static func nameClosedBeforeRestore(_ closes: [ClosedBeforeRestore], _ db: Database) throws {
        var named =
            try String.fetchOne(
                db, sql: "SELECT value FROM store_metadata WHERE key = ?",
                arguments: [ClosedBeforeRestoreList.metadataKey]
            ).flatMap(ClosedBeforeRestoreList.init(metadataText:))?.closes ?? []
        for close in closes where !named.contains(close) {
            let open = try Bool.fetchOne(
                db,
                sql: """
                    SELECT count(*) > 0 FROM reminder_deliveries
                    WHERE notification_id = ? AND shown_at = ? AND closed_at IS NULL AND action IS NULL
                      AND cancelled_at IS NULL AND missed_at IS NULL
                    """,
                arguments: [Int64(close.notificationID), Timestamp.format(close.shownAt)])
            if open == true { named.append(close) }
        }
        guard !named.isEmpty else { return }
        try db.execute(
            sql: "INSERT OR REPLACE INTO store_metadata (key, value) VALUES (?, ?)",
            arguments: [
                ClosedBeforeRestoreList.metadataKey,
                ClosedBeforeRestoreList(closes: Array(named.suffix(closedBeforeRestoreKept))).metadataText,
            ])
    }
}

/// The closes named, as one line of JSON.
private struct ClosedBeforeRestoreList: ClosesList {
    static let metadataKey = "closed_before_restore"
    var closes: [ClosedBeforeRestore]
}

/// The closes of rolled-back deliveries the daemon made, as one line of JSON.
private struct ClosedRolledBackList: ClosesList {
    static let metadataKey = "closed_rolled_back"
    var closes: [ClosedBeforeRestore]
}

/// A list of closes kept under one key of `store_metadata`.
private protocol ClosesList: StoreMetadataValue {
    var closes: [ClosedBeforeRestore] { get }
    init(closes: [ClosedBeforeRestore])
}

extension ClosesList {
    init?(metadataText: String) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let closes = try? decoder.decode([ClosedBeforeRestore].self, from: Data(metadataText.utf8)) else {
            return nil
        }
        self.init(closes: closes)
    }

    var metadataText: String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(closes)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}
