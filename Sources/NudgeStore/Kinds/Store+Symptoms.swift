import Foundation
import GRDB
import NudgeCore

extension Store {
    /// Adds a diary entry; the caller has validated it (`SymptomEntry.validate`). A name that
    /// differs from one logged before only by case is written in the first spelling logged.
    @discardableResult
    public func addSymptom(name typed: String, severity: Int, notes: String?, loggedAt: Date, now: Date)
        throws(StoreError) -> SymptomEntry
    {
        try write { db in
            try Self.insertSymptom(db, name: typed, severity: severity, notes: notes, loggedAt: loggedAt, now: now)
        }
    }

    static func insertSymptom(
        _ db: Database, name typed: String, severity: Int, notes: String?, loggedAt: Date, now: Date
    ) throws -> SymptomEntry {
        let name = try keptSpelling(of: typed, besides: nil, db)
        let entry = SymptomEntry(
            id: UUID().uuidString, name: name, severity: severity, loggedAt: loggedAt, notes: notes)
        try db.execute(
            sql: """
                INSERT INTO symptom_entries (id, name, severity, logged_at, notes, created_at, updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                entry.id, name, severity, Timestamp.format(loggedAt), notes, Timestamp.format(now),
                Timestamp.format(now),
            ])
        return entry
    }

    /// The first spelling logged of a name that differs from `typed` only by case, in entries
    /// other than `entry`; `typed` when there is none.
    private static func keptSpelling(of typed: String, besides entry: String?, _ db: Database) throws -> String {
        let wanted = SymptomEntry.sameSymptom(typed)
        // Cast: another program may have stored a name as a number.
        let spellings = try StoredColumn.values(
            db, String.self,
            sql: "SELECT CAST(name AS TEXT) FROM symptom_entries WHERE id IS NOT ? GROUP BY name ORDER BY min(rowid)",
            arguments: [entry])
        return spellings.first { SymptomEntry.sameSymptom($0) == wanted } ?? typed
    }

    /// The entries felt on the local days from `first` through `last` (nil: the diary's first or
    /// last day), newest first.
    public func symptoms(from first: CivilDate?, through last: CivilDate?, clock: WallClock) throws(StoreError)
        -> [SymptomEntry]
    {
        let start = first.map { clock.startOfDay($0) } ?? Date(timeIntervalSince1970: -62_135_596_800)
        let end = last.map { clock.startOfDay($0.adding(days: 1)) } ?? Timestamp.latest
        guard start < end else { return [] }
        return try read { db in
            try Self.noteUnreadableTimes(db)
            return try Self.entries(db, from: start, to: end)
        }.sorted {
            ($0.loggedAt, $0.id) > ($1.loggedAt, $1.id)
        }
    }

    /// The entry whose id starts with `prefix` (case-insensitive).
    public func symptomEntry(matching prefix: String) throws(StoreError) -> PrefixMatch<SymptomEntry> {
        try read { db in
            try PrefixMatch.fetch(
                db, "SELECT id, name, severity, logged_at, notes, rowid FROM symptom_entries", prefix: prefix,
                item: Self.entry, id: \.id)
        }
    }

    /// What `nudge symptoms edit` changes; nil and `.keep` leave a column as stored.
    public struct SymptomCorrection: Sendable {
        public var name: String?
        public var severity: Int?
        public var notes: FieldCorrection<String?>
        public var loggedAt: Date?

        public init(name: String?, severity: Int?, notes: FieldCorrection<String?>, loggedAt: Date?) {
            self.name = name
            self.severity = severity
            self.notes = notes
            self.loggedAt = loggedAt
        }
    }

    /// Writes the corrected columns (validated by the caller) and `updated_at`; the entry as
    /// it is now, or nil when it was deleted meanwhile. A new name is kept as `addSymptom`
    /// keeps it: in the first spelling of another entry that differs from it only by case.
    /// An entry moved or renamed onto another of the same symptom is refused as `addSymptom`
    /// refuses it, unless confirmed.
    public func correctSymptom(
        id: String, _ correction: SymptomCorrection, confirmedDuplicate: Bool = false, now: Date
    ) throws(StoreError) -> Result<SymptomEntry?, DuplicateRecord> {
        try write { db in
            if !confirmedDuplicate, let earlier = try Self.duplicate(of: id, correction, db) {
                return .failure(earlier)
            }
            var update = ColumnUpdate(table: "symptom_entries")
            if let name = correction.name { update.set("name", try Self.keptSpelling(of: name, besides: id, db)) }
            if let severity = correction.severity { update.set("severity", severity) }
            update.set("notes", correction.notes)
            if let loggedAt = correction.loggedAt { update.set("logged_at", Timestamp.format(loggedAt)) }
            update.set("updated_at", Timestamp.format(now))
            guard try update.execute(db, id: id) else { return .success(nil) }
            return .success(
                try Row.fetchOne(
                    db, sql: "SELECT id, name, severity, logged_at, notes, rowid FROM symptom_entries WHERE id = ?",
                    arguments: [id]
                ).flatMap(Self.entry))
        }
    }

    /// The entry that `id` corrected would repeat; none when the correction keeps its symptom
    /// and time (an entry logged twice on purpose keeps being corrected).
    private static func duplicate(of id: String, _ correction: SymptomCorrection, _ db: Database) throws
        -> DuplicateRecord?
    {
        guard correction.name != nil || correction.loggedAt != nil,
            let stored = try Row.fetchOne(
                db, sql: "SELECT id, name, severity, logged_at, notes, rowid FROM symptom_entries WHERE id = ?",
                arguments: [id]
            ).flatMap(entry)
        else { return nil }
        let name = correction.name ?? stored.name
        let loggedAt = correction.loggedAt ?? stored.loggedAt
        guard SymptomEntry.sameSymptom(name) != SymptomEntry.sameSymptom(stored.name) || loggedAt != stored.loggedAt
        else { return nil }
        return try symptomDuplicate(db, name: name, at: loggedAt, besides: id)
    }

    /// Removes an entry; false when it was gone already.
    public func deleteSymptom(id: String) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM symptom_entries WHERE id = ?", arguments: [id])
            return db.changesCount == 1
        }
    }

    /// An entry as another program may have written it: a time it cannot read keeps its place
    /// as the earliest, so that it can still be named, corrected or deleted.
    /// Nil only for an id that is not text.
    private static func entry(_ row: Row) -> SymptomEntry? {
        guard let id: String = row.stored(at: 0) else {
            UnreadableRows.note("symptom_entries", row)
            return nil
        }
        let loggedAt = row.stored(at: 3).flatMap(Timestamp.parse)
        var entry = SymptomEntry(
            id: id, name: row.stored(at: 1) ?? "", severity: row.stored(at: 2) ?? 0,
            loggedAt: loggedAt ?? Date(timeIntervalSince1970: 0), notes: row.stored(at: 4))
        entry.hasUnreadableTime = loggedAt == nil
        return entry
    }

    /// Notes the entries whose time is no time (`not a time`, a number): they fall outside
    /// every range a listing asks for, so without this they would be left out silently. The
    /// pattern keeps this to the index and to the few rows that are not shaped like a time.
    private static func noteUnreadableTimes(_ db: Database) throws {
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, logged_at, rowid FROM symptom_entries WHERE typeof(logged_at) != 'text'
                    OR logged_at NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][T ][0-9][0-9]:[0-9][0-9]*'
                """)
        while let row = try rows.next() {
            if row.stored(at: 1).flatMap(Timestamp.parse) == nil { UnreadableRows.note("symptom_entries", row) }
        }
    }

    /// The entries felt in `[start, end)`. Other writers may use offsets or fractions, so the
    /// text range is widened by a day and the parsed instants decide. Without notes, the
    /// `symptom_entries_by_time` index alone answers: its pages lie in time order, where the
    /// rows of a few days may each be on a page of their own. Past the year 9999 the text would
    /// have five digits and sort before every time, hence the clamp.
    static func entries(_ db: Database, from start: Date, to end: Date, notes: Bool = true) throws -> [SymptomEntry] {
        let rows = try Row.fetchCursor(
            db,
            sql:
                "SELECT rowid, id, name, severity, logged_at\(notes ? ", notes" : "") FROM symptom_entries WHERE logged_at >= ? AND logged_at < ?",
            arguments: [
                Timestamp.format(start.addingTimeInterval(-86400)),
                Timestamp.format(min(end.addingTimeInterval(86400), Timestamp.latest)),
            ])
        var entries: [SymptomEntry] = []
        while let row = try rows.next() {
            // A row of the day widened in, outside the range, is not this listing's to name.
            let loggedAt = row.stored("logged_at").flatMap(Timestamp.parse)
            if let loggedAt, loggedAt < start || loggedAt >= end { continue }
            if let entry = SymptomRecord.entry(row, loggedAt: loggedAt, notes: notes) { entries.append(entry) }
        }
        return entries
    }
}

extension SymptomReminder: StoredRule {
    /// The entries felt around `instant`.
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts {
        Facts(
            entries: try Store.entries(
                db, from: instant.addingTimeInterval(-Facts.reach), to: instant.addingTimeInterval(86400), notes: false)
        )
    }
}
