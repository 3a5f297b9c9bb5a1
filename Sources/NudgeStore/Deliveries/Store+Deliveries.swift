import Foundation
import GRDB
import NudgeCore

extension Store {
    private static let owed = DeliveryRecord.owedSQL()

    /// What the schedule needs to decide what is due at or after `instant`.
    /// `listing`: how many of the soonest occurrences a listing shows (0 for a plan).
    public func scheduleInput(at instant: Date, clock: WallClock, listing: Int = 0) throws(StoreError) -> ScheduleInput
    {
        let horizon = Timestamp.format(instant.addingTimeInterval(-ScheduleInput.lookback))
        // Kinds whose own rows say what was shown leave their settled rows out (quoted from
        // the registry, not from input).
        let settledKinds = rules.filter(\.plansFromSettledDeliveries).map { "'\($0.kind.rawValue)'" }
            .joined(separator: ", ")
        return try read { db in
            // Two statements, each an index range (the recent rows by due_at, the owed rows by
            // their partial index): as one with OR, or ordered by id, SQLite read every row the
            // table ever had, and a plan's cost and memory grew with the years of history.
            var byID: [Int64: DeliveryRecord] = [:]
            for (sql, arguments) in [
                ("SELECT * FROM reminder_deliveries WHERE due_at >= ? AND kind IN (\(settledKinds))", [horizon]),
                ("SELECT * FROM reminder_deliveries WHERE \(Self.owed)", []),
            ] as [(String, StatementArguments)] {
                for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
                    if let record = DeliveryRecord(row: row) { byID[record.id] = record }
                }
            }
            let deliveries = byID.values.sorted { $0.id < $1.id }
            return ScheduleInput(
                settings: try Self.settings(db), deliveries: deliveries,
                kinds: try plannedKinds(db, at: instant, clock: clock, listing: listing),
                storeCreatedAt: try StoredColumn.value(
                    db, String.self, sql: "SELECT value FROM store_metadata WHERE key = 'created_at'"
                ).flatMap(Timestamp.parse))
        }
    }

    /// Claims an occurrence before it is shown. Returns its row while it is still owed, nil when
    /// it was already shown, answered, cancelled or missed: then it must not be shown again.
    public func claim(_ occurrence: Occurrence) throws(StoreError) -> DeliveryRecord? {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, title)
                    VALUES (\(IssuedNumbers.deliveries.nextSQL), ?, ?, ?, ?)
                    ON CONFLICT(reminder_key) DO NOTHING
                    """,
                arguments: [
                    occurrence.key, occurrence.kind.rawValue, Timestamp.format(occurrence.dueAt), occurrence.title,
                ])
            let row = try Row.fetchOne(
                db, sql: "SELECT * FROM reminder_deliveries WHERE reminder_key = ?", arguments: [occurrence.key])
            return row.flatMap(DeliveryRecord.init(row:)).flatMap { $0.isOwed ? $0 : nil }
        }
    }

    /// Records that the notification server accepted the occurrence, as soon as it did, with
    /// the rows its rule writes when shown (a call cadence counts again from that day on `clock`)
    /// in the same transaction. Without `content` (replayed from the click ledger, a bell), the
    /// title and body stay as claimed. Shown again after it expired unseen, it counts one more
    /// showing (`ExpiredReshow.limit`; not after its server restarted: a restart is no sign of
    /// an unseen reminder), and what its first showing wrote is not written twice.
    public func markShown(
        _ deliveryID: Int64, notificationID: UInt32?, content: NotificationContent?, at now: Date, clock: WallClock
    ) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: """
                    UPDATE reminder_deliveries SET reshow_at = NULL,
                        reshown = reshown + (closed_reason IS 'expired'), closed_at = NULL, closed_reason = NULL
                    WHERE id = ? AND reshow_at IS NOT NULL
                    """,
                arguments: [deliveryID])
            let reshown = db.changesCount > 0
            try Self.updateShown(deliveryID, notificationID: notificationID, content: content, at: now, db)
            guard !reshown else { return }
            guard
                let delivery = try Row.fetchOne(
                    db, sql: "SELECT * FROM reminder_deliveries WHERE id = ?", arguments: [deliveryID]
                ).flatMap(DeliveryRecord.init(row:)),
                let rule = self.rule(for: delivery.kind)
            else { return }
            try Self.writeShownChanges(of: rule, delivery, at: now, clock: clock, db)
        }
    }

    /// Records a notification shown again (its server restarted, a stale button): only the
    /// row changes, what its first showing wrote is not written twice.
    public func markShownAgain(_ deliveryID: Int64, notificationID: UInt32, content: NotificationContent, at now: Date)
        throws(StoreError)
    {
        try write { db in
            try Self.updateShown(deliveryID, notificationID: notificationID, content: content, at: now, db)
        }
    }

    private static func writeShownChanges(
        of rule: some StoredRule, _ delivery: DeliveryRecord, at now: Date, clock: WallClock, _ db: Database
    ) throws {
        try writeSideEffects(
            rule.changesWhenShown(key: delivery.key, dueAt: delivery.dueAt, at: now, clock: clock), db)
    }

    private static func updateShown(
        _ deliveryID: Int64, notificationID: UInt32?, content: NotificationContent?, at now: Date, _ db: Database
    ) throws {
        // Never before its loss (`recordLostWithServer`): a showing in the second after one it
        // lost counts as its showing again. Reworded in place (the same notification, not lost
        // since), it keeps when it was shown: the ring time counts from it, and *I'm awake*,
        // which rewords the alarm, records nothing (hostile round on issue 41 after F13).
        try db.execute(
            sql: """
                UPDATE reminder_deliveries SET shown_at = CASE
                        WHEN :id IS NOT NULL AND notification_id = :id AND shown_at IS NOT NULL
                            AND (lost_at IS NULL OR lost_at <= shown_at) THEN shown_at
                        WHEN lost_at > :now THEN lost_at ELSE :now END,
                    notification_id = :id, title = coalesce(:title, title), body = coalesce(:body, body),
                    awaits_answer = coalesce(:awaits, awaits_answer)
                WHERE id = :delivery
                """,
            arguments: [
                "now": Timestamp.format(now), "id": notificationID.map { Int64($0) }, "title": content?.title,
                "body": content?.body, "awaits": content?.awaitsAnswer, "delivery": deliveryID,
            ])
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
            ).flatMap(DeliveryRecord.init(row:))
        }
    }

    public func delivery(key: String) throws(StoreError) -> DeliveryRecord? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM reminder_deliveries WHERE reminder_key = ?", arguments: [key])
                .flatMap(DeliveryRecord.init(row:))
        }
    }

    /// Records the person's answer and its effects in one transaction. The first answer wins:
    /// a click that arrives twice changes nothing the second time (returns false).
    @discardableResult
    public func recordAnswer(_ deliveryID: Int64, action: String, at now: Date, effects: AnswerEffects<NoChange>)
        throws(StoreError) -> Bool
    {
        try write { db in
            try Self.recordAnswer(
                db, deliveryID: deliveryID, action: action, at: now, effects: effects, firstOnly: true)
        }
    }

    /// The answer's row and its effects. With `firstOnly`, a delivery answered before makes it
    /// write nothing; otherwise (a rule that decided itself what a repeat means) its effects are
    /// written and only the first answer stays on the row.
    static func recordAnswer(
        _ db: Database, deliveryID: Int64?, action: String, at now: Date, effects: AnswerEffects<some StoredChange>,
        firstOnly: Bool
    ) throws -> Bool {
        let stamp = Timestamp.format(effects.answeredAt ?? now)
        if let deliveryID {
            try db.execute(
                sql: "UPDATE reminder_deliveries SET action = ?, acknowledged_at = ? WHERE id = ? AND action IS NULL",
                arguments: [action, stamp, deliveryID])
            if firstOnly, db.changesCount == 0 { return false }
        }
        try writeAll(effects.changes, db)
        if let prefix = effects.cancelOwedWithPrefix {
            try db.execute(
                sql:
                    "UPDATE reminder_deliveries SET cancelled_at = ? WHERE reminder_key >= ? AND reminder_key < ? AND \(owed)",
                arguments: [stamp, prefix, Self.keysAfter(prefix)])
        }
        if let followUp = effects.followUp {
            let taken =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM reminder_deliveries WHERE reminder_key >= ? AND reminder_key < ?",
                    arguments: [followUp.keyPrefix, Self.keysAfter(followUp.keyPrefix)]) ?? 0
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, title)
                    VALUES (\(IssuedNumbers.deliveries.nextSQL), ?, ?, ?, ?)
                    """,
                arguments: [
                    "\(followUp.keyPrefix)\(taken + 1)", followUp.kind.rawValue, Timestamp.format(followUp.dueAt),
                    followUp.title,
                ])
        }
        return true
    }

    /// The first key after every key that starts with `prefix` (which ends in `:`): keys with a
    /// prefix are the range [prefix, keysAfter(prefix)) of the unique index on reminder_key.
    static func keysAfter(_ prefix: String) -> String {
        var scalars = Array(prefix.unicodeScalars)
        guard let last = scalars.popLast(), let next = Unicode.Scalar(last.value + 1) else {
            return prefix + "\u{10FFFF}"
        }
        return String(String.UnicodeScalarView(scalars + [next]))
    }

    /// Notifications still on screen whose every occurrence is answered since `instant` (from
    /// a button or `nudge ack`), each as a delivery shown under its id: they are closed as a
    /// click would close them. An id the server gave again to a later showing is left alone.
    /// Only those shown after `shownAfter`, to the second the store keeps: the caller tells
    /// which of them the server now on the bus showed (an older server's ids may now be
    /// another program's).
    public func answeredOnScreen(since instant: Date, shownAfter: Date) throws(StoreError) -> [DeliveryRecord] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT d.* FROM reminder_deliveries d
                    WHERE d.acknowledged_at >= ? AND d.action IS NOT NULL AND d.shown_at > ?
                      AND d.closed_at IS NULL AND d.notification_id IS NOT NULL
                      AND NOT EXISTS (
                          SELECT 1 FROM reminder_deliveries o
                          WHERE o.notification_id = d.notification_id AND o.shown_at IS NOT NULL
                            AND (o.shown_at > d.shown_at
                                 OR (o.shown_at = d.shown_at AND o.action IS NULL AND o.cancelled_at IS NULL AND o.closed_at IS NULL)))
                    ORDER BY d.shown_at, d.id
                    """,
                arguments: [
                    Timestamp.format(instant), Timestamp.format(max(shownAfter, Date(timeIntervalSince1970: 0))),
                ]
            ).compactMap(DeliveryRecord.init(row:))
        }
    }

    /// The notification of a kind most recently shown, whatever its occurrence.
    public func latestShown(_ kind: ReminderKind) throws(StoreError) -> DeliveryRecord? {
        try read { db in
            try Row.fetchOne(
                db,
                sql:
                    "SELECT * FROM reminder_deliveries WHERE kind = ? AND shown_at IS NOT NULL ORDER BY shown_at DESC, id DESC LIMIT 1",
                arguments: [kind.rawValue]
            ).flatMap(DeliveryRecord.init(row:))
        }
    }
}
