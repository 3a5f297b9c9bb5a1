import Foundation
import GRDB
import NudgeCore

extension Store {
    private static let owed = DeliveryRecord.owedSQL()

    /// What the schedule needs to decide what is due at or after `instant`.
    public func scheduleInput(at instant: Date) throws(StoreError) -> ScheduleInput {
        let horizon = Timestamp.format(instant.addingTimeInterval(-ScheduleInput.lookback))
        return try read { db in
            let settings = Settings(
                rows: Dictionary(
                    uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, value FROM settings").map {
                        ($0["key"] as String, $0["value"] as String)
                    }))
            // Settled call rows are left out: a shown cadence restarts (a new key), a one-off's
            // state comes with it below. With them, every plan would carry the whole recent
            // history of a busy call log.
            let deliveries = try Row.fetchAll(
                db,
                sql: "SELECT * FROM reminder_deliveries WHERE (due_at >= ? AND kind <> 'call') OR \(Self.owed) ORDER BY id",
                arguments: [horizon]
            ).compactMap(Self.delivery)
            return ScheduleInput(
                settings: settings, deliveries: deliveries, doseSession: try Self.doseSession(db), contacts: try Self.cadences(db),
                oneOffCalls: try Self.openCallReminders(db),
                storeCreatedAt: try String.fetchOne(db, sql: "SELECT value FROM store_metadata WHERE key = 'created_at'").flatMap(Timestamp.parse))
        }
    }

    /// Claims an occurrence before it is shown. Returns its row while it is still owed, nil when
    /// it was already shown, answered, cancelled or missed: then it must not be shown again.
    public func claim(_ occurrence: Occurrence) throws(StoreError) -> DeliveryRecord? {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (reminder_key, kind, due_at, title) VALUES (?, ?, ?, ?)
                    ON CONFLICT(reminder_key) DO NOTHING
                    """,
                arguments: [occurrence.key, occurrence.kind.rawValue, Timestamp.format(occurrence.dueAt), occurrence.title])
            let row = try Row.fetchOne(db, sql: "SELECT * FROM reminder_deliveries WHERE reminder_key = ?", arguments: [occurrence.key])
            return row.flatMap(Self.delivery).flatMap { $0.isOwed ? $0 : nil }
        }
    }

    /// Records that the notification server accepted the occurrence, as soon as it did. A call
    /// cadence shown counts again from `cadenceRestart`'s day, in the same transaction.
    /// Without `content` (replayed from the answer journal), the title and body stay as claimed.
    public func markShown(
        _ deliveryID: Int64, notificationID: UInt32, content: NotificationContent?, at now: Date,
        cadenceRestart: (contactIdentity: Int64, day: CivilDate)? = nil
    ) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE reminder_deliveries SET shown_at = ?, notification_id = ?, title = coalesce(?, title), body = coalesce(?, body)
                    WHERE id = ?
                    """,
                arguments: [Timestamp.format(now), Int64(notificationID), content?.title, content?.body, deliveryID])
            if let cadenceRestart { try Self.restartCadence(db, contactIdentity: cadenceRestart.contactIdentity, on: cadenceRestart.day) }
        }
    }

    /// Records occurrences found too late to show, so they are neither shown nor forgotten.
    public func recordMissed(_ occurrences: [Occurrence], at now: Date) throws(StoreError) {
        guard !occurrences.isEmpty else { return }
        try write { db in
            for occurrence in occurrences {
                try db.execute(
                    sql: """
                        INSERT INTO reminder_deliveries (reminder_key, kind, due_at, title, missed_at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT(reminder_key) DO UPDATE SET missed_at = excluded.missed_at WHERE \(Self.owed)
                        """,
                    arguments: [
                        occurrence.key, occurrence.kind.rawValue, Timestamp.format(occurrence.dueAt), occurrence.title,
                        Timestamp.format(now),
                    ])
            }
        }
    }

    /// Withdraws an owed occurrence that no longer applies (the dose it was about was recorded).
    public func cancel(_ occurrence: Occurrence, at now: Date) throws(StoreError) {
        try cancel(keys: [occurrence.key], at: now)
    }

    /// Withdraws owed occurrences by key; ones shown or answered meanwhile stay as they are.
    public func cancel(keys: [String], at now: Date) throws(StoreError) {
        guard !keys.isEmpty else { return }
        try write { db in
            for key in keys {
                try db.execute(
                    sql: "UPDATE reminder_deliveries SET cancelled_at = ? WHERE reminder_key = ? AND \(Self.owed)",
                    arguments: [Timestamp.format(now), key])
            }
        }
    }

    /// The occurrence most recently shown under a server's notification id.
    public func delivery(notificationID: UInt32) throws(StoreError) -> DeliveryRecord? {
        try read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT * FROM reminder_deliveries WHERE notification_id = ? AND shown_at IS NOT NULL
                    ORDER BY shown_at DESC, id DESC LIMIT 1
                    """,
                arguments: [Int64(notificationID)]
            ).flatMap(Self.delivery)
        }
    }

    public func delivery(key: String) throws(StoreError) -> DeliveryRecord? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM reminder_deliveries WHERE reminder_key = ?", arguments: [key]).flatMap(Self.delivery)
        }
    }

    /// Records the person's answer and its effects in one transaction. The first answer wins:
    /// a click that arrives twice changes nothing the second time (returns false).
    @discardableResult
    public func recordAnswer(_ deliveryID: Int64, action: String, at now: Date, effects: AnswerEffects) throws(StoreError) -> Bool {
        try write { db in
            let stamp = Timestamp.format(now)
            try db.execute(
                sql: "UPDATE reminder_deliveries SET action = ?, acknowledged_at = ? WHERE id = ? AND action IS NULL",
                arguments: [action, stamp, deliveryID])
            guard db.changesCount > 0 else { return false }
            if let prefix = effects.cancelOwedWithPrefix {
                try db.execute(
                    sql: "UPDATE reminder_deliveries SET cancelled_at = ? WHERE substr(reminder_key, 1, length(?)) = ? AND \(Self.owed)",
                    arguments: [stamp, prefix, prefix])
            }
            if let followUp = effects.followUp {
                let taken = try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM reminder_deliveries WHERE substr(reminder_key, 1, length(?)) = ?",
                    arguments: [followUp.keyPrefix, followUp.keyPrefix]) ?? 0
                try db.execute(
                    sql: "INSERT INTO reminder_deliveries (reminder_key, kind, due_at) VALUES (?, ?, ?)",
                    arguments: ["\(followUp.keyPrefix)\(taken + 1)", followUp.kind.rawValue, Timestamp.format(followUp.dueAt)])
            }
            return true
        }
    }

    /// Notifications still on screen whose every occurrence is answered since `instant` (from
    /// a button or `nudge ack`): they are closed as a click would close them. An id the server
    /// gave again to a later showing is left alone, and so is one shown by a notification server
    /// that has since gone (shown not after `shownAfter`, to the second the store keeps): its
    /// ids may now be another program's.
    public func answeredOnScreen(since instant: Date, shownAfter: Date) throws(StoreError) -> [UInt32] {
        try read { db in
            try Int64.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT d.notification_id FROM reminder_deliveries d
                    WHERE d.acknowledged_at >= ? AND d.action IS NOT NULL AND d.shown_at > ?
                      AND d.closed_at IS NULL AND d.notification_id IS NOT NULL
                      AND NOT EXISTS (
                          SELECT 1 FROM reminder_deliveries o
                          WHERE o.notification_id = d.notification_id AND o.shown_at IS NOT NULL
                            AND (o.shown_at > d.shown_at
                                 OR (o.shown_at = d.shown_at AND o.action IS NULL AND o.cancelled_at IS NULL AND o.closed_at IS NULL)))
                    """,
                arguments: [Timestamp.format(instant), Timestamp.format(max(shownAfter, Date(timeIntervalSince1970: 0)))]
            ).map { UInt32(truncatingIfNeeded: $0) }
        }
    }

    /// Records that the server closed a notification (the spec's reasons 1-4), once.
    public func recordClosed(notificationID: UInt32, reason: CloseReason, at now: Date) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE reminder_deliveries SET closed_at = ?, closed_reason = ?
                    WHERE id = (SELECT id FROM reminder_deliveries WHERE notification_id = ? AND shown_at IS NOT NULL
                                ORDER BY shown_at DESC, id DESC LIMIT 1)
                      AND closed_at IS NULL
                    """,
                arguments: [Timestamp.format(now), reason.rawValue, Int64(notificationID)])
        }
    }

    static func delivery(_ row: Row) -> DeliveryRecord? {
        guard let dueAt = Timestamp.parse(row["due_at"]) else { return nil }
        let date: (String) -> Date? = { column in (row[column] as String?).flatMap(Timestamp.parse) }
        return DeliveryRecord(
            id: row["id"], key: row["reminder_key"], kind: row["kind"], dueAt: dueAt, shownAt: date("shown_at"),
            notificationID: (row["notification_id"] as Int64?).map { UInt32(truncatingIfNeeded: $0) },
            closedAt: date("closed_at"), closedReason: row["closed_reason"], action: row["action"],
            acknowledgedAt: date("acknowledged_at"), cancelledAt: date("cancelled_at"), missedAt: date("missed_at"),
            title: row["title"], body: row["body"])
    }
}
