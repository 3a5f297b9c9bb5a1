import Foundation
import GRDB
import NudgeCore

/// A one-off call reminder changed or cancelled by the person. Its occurrence key is built from
/// its identity, which is never reused: a reminder moved to another time is a new row under
/// the same id (the one the person typed and will type again) with a new identity (a new key
/// the daemon has never claimed, given by the insert trigger), and whatever the old key still owed
/// is cancelled in the same transaction, so that nothing is shown at the old time or twice.
extension Store {
    public enum CallReminderChange: Equatable, Sendable {
        /// The reminder's id, which a move keeps.
        case changed(id: Int64, name: String)
        case notOpen
    }

    public enum CallReminderMove: Equatable, Sendable {
        case moved(CallReminderChange)
        /// Nothing changed: this other open reminder calls the same contact in that minute.
        case sameMinute(OneOffCall)
    }

    /// Moves an open reminder to `dueAt` and gives it `note` (nil removes it), unless another
    /// calls the same contact in that minute.
    public func moveCallReminder(_ id: Int64, dueAt: Date, note: String?, now: Date) throws(StoreError)
        -> CallReminderMove
    {
        try write { db in
            guard let open = try Self.openCallReminders(db).first(where: { $0.id == id }) else {
                return .moved(.notOpen)
            }
            if let other = try Self.openCallReminder(db, calling: open.contactID, inTheMinuteOf: dueAt, except: id) {
                return .sameMinute(other)
            }
            try Self.cancelOwed(db, of: open, now: now)
            try db.execute(sql: "DELETE FROM call_reminders WHERE id = ?", arguments: [id])
            try db.execute(
                sql: "INSERT INTO call_reminders (id, contact_id, due_at, note, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, open.contactID, Timestamp.format(dueAt), CallInput.note(note), Timestamp.format(now)])
            return .moved(.changed(id: id, name: open.name))
        }
    }

    /// Closes an open reminder as answered now (`done_at`), with nothing left to show.
    public func cancelCallReminder(_ id: Int64, now: Date) throws(StoreError) -> CallReminderChange {
        try write { db in
            guard let open = try Self.openCallReminders(db).first(where: { $0.id == id }) else { return .notOpen }
            try Self.cancelOwed(db, of: open, now: now)
            try db.execute(
                sql: "UPDATE call_reminders SET done_at = ? WHERE id = ?", arguments: [Timestamp.format(now), id])
            return .changed(id: id, name: open.name)
        }
    }

    /// When a one-off call reminder was closed (cancelled, or done by a call), and whom it was
    /// for; nil for one that is open or not there, or a row another program left unreadable.
    public func closedCallReminder(_ id: Int64) throws(StoreError) -> (closedAt: Date, name: String)? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT r.done_at, c.name FROM call_reminders r JOIN contacts c ON c.id = r.contact_id
                        WHERE r.id = ? AND r.done_at IS NOT NULL
                        """, arguments: [id]),
                let closed = row.stored("done_at", as: String.self).flatMap(Timestamp.parse),
                let name = row.stored("name", as: String.self)
            else { return nil }
            return (closed, name)
        }
    }

    /// The deliveries of a reminder and of its snoozes that are still owed.
    private static func cancelOwed(_ db: Database, of reminder: OneOffCall, now: Date) throws {
        let key = CallReminder.onceKey(reminder)
        try db.execute(
            sql: """
                UPDATE reminder_deliveries SET cancelled_at = ?
                WHERE (reminder_key = ? OR reminder_key LIKE ? ESCAPE '\\') AND \(DeliveryRecord.owedSQL())
                """,
            arguments: [Timestamp.format(now), key, key + ":%"])
    }
}
