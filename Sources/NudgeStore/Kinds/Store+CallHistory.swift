import Foundation
import GRDB
import NudgeCore

/// The call log as the Monica client keeps it: a history per contact, and calls soft-deleted
/// (`is_marked_deleted`, sync pending again) so that a sync can tell the server. Nothing is
/// ever removed.
extension Store {
    public struct CallLogRow: Sendable, Equatable {
        public var id: String
        public var contactID: Int64
        public var contactName: String
        public var calledAt: Date
        public var durationMinutes: Int
        public var mood: String?
        public var notes: String?
    }

    /// Calls not marked deleted, newest first; one contact's, or everyone's.
    public func callHistory(contactID: Int64? = nil) throws(StoreError) -> [CallLogRow] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: Self.callColumns + " WHERE l.is_marked_deleted = 0 AND (? IS NULL OR l.contact_id = ?)",
                arguments: [contactID, contactID]
            ).compactMap(Self.callLog).sorted { ($0.calledAt, $0.id) > ($1.calledAt, $1.id) }
        }
    }

    /// How often each contact was called lately: calls not marked deleted in the 30 and the 365
    /// days before `now`, by contact id (contacts without such calls are absent).
    public func recentCallCounts(now: Date) throws(StoreError) -> [Int64: (last30Days: Int, last365Days: Int)] {
        try read { db in
            let yearAgo = now.addingTimeInterval(-365 * 86400)
            let monthAgo = now.addingTimeInterval(-30 * 86400)
            // Other writers' offsets put a text up to a day off its instant: widened, then parsed.
            let rows = try Row.fetchCursor(
                db, sql: "SELECT contact_id, called_at FROM call_logs WHERE is_marked_deleted = 0 AND called_at >= ?",
                arguments: [Timestamp.format(yearAgo.addingTimeInterval(-86400))])
            var counts: [Int64: (last30Days: Int, last365Days: Int)] = [:]
            while let row = try rows.next() {
                guard let calledAt = row.stored(at: 1).flatMap(Timestamp.parse), calledAt > yearAgo, calledAt <= now,
                    let contactID: Int64 = row.stored(at: 0)
                else { continue }
                counts[contactID, default: (0, 0)].last365Days += 1
                if calledAt > monthAgo { counts[contactID, default: (0, 0)].last30Days += 1 }
            }
            return counts
        }
    }

    /// The call, not marked deleted, whose id starts with `prefix` (case-insensitive).
    public func callLog(matching prefix: String) throws(StoreError) -> PrefixMatch<CallLogRow> {
        try read { db in
            try PrefixMatch.fetch(
                db, Self.callColumns, where: "l.is_marked_deleted = 0", idColumn: "l.id", prefix: prefix,
                item: Self.callLog, id: \.id)
        }
    }

    /// Marks a call deleted as the Monica client does: `is_marked_deleted` 1, `sync_status`
    /// pending again, `updated_at` now. False when it was gone or marked already.
    public func markCallDeleted(id: String, now: Date) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(
                sql:
                    "UPDATE call_logs SET is_marked_deleted = 1, sync_status = 'pending', updated_at = ? WHERE id = ? AND is_marked_deleted = 0",
                arguments: [Timestamp.format(now), id])
            return db.changesCount == 1
        }
    }

    /// What `nudge call edit` changes; nil and `.keep` leave a column as stored.
    public struct CallCorrection: Sendable {
        public var calledAt: Date?
        public var durationMinutes: Int?
        public var mood: FieldCorrection<String?>
        public var notes: FieldCorrection<String?>

        public init(
            calledAt: Date?, durationMinutes: Int?, mood: FieldCorrection<String?>, notes: FieldCorrection<String?>
        ) {
            self.calledAt = calledAt
            self.durationMinutes = durationMinutes
            self.mood = mood
            self.notes = notes
        }
    }

    /// Writes the corrected columns (validated by the caller), pending sync again as the Monica
    /// client has an edit; the call as it is now, or nil when it was deleted meanwhile. A call
    /// moved onto another of its contact's is refused as `logCall` refuses it, unless confirmed.
    public func correctCall(
        id: String, _ correction: CallCorrection, confirmedDuplicate: Bool = false, now: Date
    ) throws(StoreError) -> Result<CallLogRow?, DuplicateRecord> {
        try write { db in
            if !confirmedDuplicate, let calledAt = correction.calledAt,
                let contactID = try Int64.fetchOne(
                    db, sql: "SELECT contact_id FROM call_logs WHERE id = ? AND is_marked_deleted = 0", arguments: [id]),
                let earlier = try Self.callDuplicate(db, contactID: contactID, at: calledAt, besides: id)
            {
                return .failure(earlier)
            }
            var update = ColumnUpdate(table: "call_logs", condition: "is_marked_deleted = 0")
            if let calledAt = correction.calledAt { update.set("called_at", Timestamp.format(calledAt)) }
            if let duration = correction.durationMinutes { update.set("duration_minutes", duration) }
            update.set("emotional_state", correction.mood)
            update.set("notes", correction.notes)
            update.set("sync_status", "pending")
            update.set("updated_at", Timestamp.format(now))
            guard try update.execute(db, id: id) else { return .success(nil) }
            return .success(
                try Row.fetchOne(db, sql: Self.callColumns + " WHERE l.id = ?", arguments: [id]).flatMap(
                    Self.callLog))
        }
    }

    private static let callColumns = """
        SELECT l.id, l.contact_id, c.name, l.called_at, l.duration_minutes, l.emotional_state, l.notes, l.rowid AS rowid
        FROM call_logs l JOIN contacts c ON c.id = l.contact_id
        """

    /// Nil for a row `CallLogRecord` cannot read.
    private static func callLog(_ row: Row) -> CallLogRow? {
        guard CallLogRecord.unreadableColumns(row).isEmpty,
            let calledAt = row.stored(at: 3).flatMap(Timestamp.parse), let id: String = row.stored(at: 0),
            let contactID: Int64 = row.stored(at: 1), let contactName: String = row.stored(at: 2)
        else {
            UnreadableRows.note("call_logs", row)
            return nil
        }
        // A length no call has (past a day, or negative) reads as unknown: 0, as when none is given.
        let duration = row.stored(at: 4, as: Int.self).flatMap { CallInput.durationRange.contains($0) ? $0 : nil }
        return CallLogRow(
            id: id, contactID: contactID, contactName: contactName, calledAt: calledAt,
            durationMinutes: duration ?? 0, mood: row.stored(at: 5), notes: row.stored(at: 6))
    }
}
