import Foundation
import GRDB
import NudgeCore

extension Store {
    /// Adds a diary entry; the caller has validated it (`SymptomEntry.validate`).
    @discardableResult
    public func addSymptom(name: String, severity: Int, notes: String?, loggedAt: Date, now: Date) throws(StoreError) -> SymptomEntry {
        let entry = SymptomEntry(id: UUID().uuidString, name: name, severity: severity, loggedAt: loggedAt, notes: notes)
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO symptom_entries (id, name, severity, logged_at, notes, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    entry.id, name, severity, Timestamp.format(loggedAt), notes, Timestamp.format(now), Timestamp.format(now),
                ])
        }
        return entry
    }

    /// The entries felt on one local day, newest first.
    public func symptoms(on day: CivilDate, clock: WallClock) throws(StoreError) -> [SymptomEntry] {
        let midnight = LocalTime(hour: 0, minute: 0)!
        guard let start = clock.instant(on: day, at: midnight) else { return [] }
        let end = clock.instant(on: day.adding(days: 1), at: midnight) ?? start.addingTimeInterval(86400)
        return try read { db in try Self.entries(db, from: start, to: end) }.sorted { $0.loggedAt > $1.loggedAt }
    }

    /// The entries felt in `[start, end)`. Other writers may use offsets or fractions, so the
    /// text range is widened by a day and the parsed instants decide. Without notes, the
    /// `symptom_entries_by_time` index alone answers: its pages lie in time order, where the
    /// rows of a few days may each be on a page of their own.
    static func entries(_ db: Database, from start: Date, to end: Date, notes: Bool = true) throws -> [SymptomEntry] {
        let rows = try Row.fetchCursor(
            db, sql: "SELECT id, name, severity, logged_at\(notes ? ", notes" : "") FROM symptom_entries WHERE logged_at >= ? AND logged_at < ?",
            arguments: [Timestamp.format(start.addingTimeInterval(-86400)), Timestamp.format(end.addingTimeInterval(86400))])
        var entries: [SymptomEntry] = []
        while let row = try rows.next() {
            guard let loggedAt = (row[3] as String?).flatMap(Timestamp.parse), loggedAt >= start, loggedAt < end else { continue }
            entries.append(SymptomEntry(id: row[0], name: row[1], severity: row[2], loggedAt: loggedAt, notes: notes ? row[4] : nil))
        }
        return entries
    }
}

extension SymptomReminder: StoredRule {
    /// The entries felt around `instant`.
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts {
        Facts(entries: try Store.entries(db, from: instant.addingTimeInterval(-Facts.reach), to: instant.addingTimeInterval(86400), notes: false))
    }
}
