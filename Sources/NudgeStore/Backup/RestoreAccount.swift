import Foundation

/// What a restore rolls back: the rows of every table of every app (settings too) that the
/// store has and the backup has not, compared by content and primary key (as multisets in a
/// table without one); and the rows the backup has that the store no longer has (deleted since,
/// or in a table dropped since: a restore brings them back). A backup of another store shares
/// no history with the store: its rows replace the store's, and only their numbers are said.
public struct RestoreAccount: Sendable, Equatable {
    /// One table's rows the backup lacks: `added` has a key the backup has not (or the table
    /// has no primary key to tell), `changed` a key the backup has with other content.
    public struct Rows: Sendable, Equatable {
        public var table: String
        public var added: Int
        public var changed: Int

        public var count: Int { added + changed }
    }

    /// A backup of another store: how many rows it has, and the store has, in the tables compared.
    public struct Replacement: Sendable, Equatable {
        public var backupRows: Int
        public var storeRows: Int
    }

    /// A store that was not there to compare: what was written since cannot be counted.
    public enum Absence: Sendable, Equatable {
        /// No file at the path: removed, or moved away (then it is where it was moved).
        case notThere
        /// A file with no tables: emptied (`: > nudge.sqlite`), or a database never written.
        case empty
    }

    public var notInBackup: [Rows]
    /// By table, their number in `added`.
    public var comingBack: [Rows]
    public var otherStore: Replacement?
    public var storeWas: Absence?
    /// Reminders answered in the store and not in the backup: restored, they are unanswered,
    /// and the daemon shows those still due again (a dose taken since is asked again).
    public var answersRolledBack = 0
    /// Reminders shown in the store, unanswered, whose occurrence the backup has not shown:
    /// restored, the daemon shows those still due again, with their sound.
    public var showingsRolledBack = 0
    /// Columns, indexes, views and triggers the store has and the backup has not.
    public var shapesNotInBackup: [Shapes] = []
    /// The backup lacks a migration of this nudge's: the restore brings it up to date.
    public var olderNudge = false
    /// Of the rows counted in `notInBackup`, a sum of their contents' hashes: one written again
    /// while a person was asked counts the same and reads otherwise (hostile round 23 on issue
    /// 39: a second edit of the row the account named was rolled back unasked).
    var contentDigest: Int64 = 0

    public init(
        notInBackup: [Rows] = [], comingBack: [Rows] = [], otherStore: Replacement? = nil, storeWas: Absence? = nil
    ) {
        self.notInBackup = notInBackup
        self.comingBack = comingBack
        self.otherStore = otherStore
        self.storeWas = storeWas
    }

    /// `2 diary entries (1 added, 1 changed), 1 DoseTap medication event and 1 setting written
    /// since then are not in it; 1 setting and 2 diary entries that the store no longer has come
    /// back`, before a restore and after. Those are not said to be deleted: a restore before
    /// may have rolled them back (hostile round 26 on issue 39: a restore of the copy kept
    /// before a restore said "deleted since then" of an entry nobody deleted).
    public var sentence: String {
        switch storeWas {
        case .notThere:
            return
                "there was no store at this path (a new one, or removed or moved away: then it is where it was moved to), so what was written since then cannot be counted"
        case .empty:
            return "the store's file was empty, so what was written since then cannot be counted"
        case nil: break
        }
        if let otherStore {
            let (backup, store) = (otherStore.backupRows, otherStore.storeRows)
            return
                "this backup is of another store: its \(backup) \(backup == 1 ? "row replaces" : "rows replace") this store's \(store)"
        }
        let rowPhrases = notInBackup.map { rows in
            let detail =
                rows.changed == 0
                ? ""
                : rows.added == 0 ? " (\(rows.changed) changed)" : " (\(rows.added) added, \(rows.changed) changed)"
            return StoreTables.phrase(rows.count, table: rows.table) + detail
        }
        let missing: String
        if !rowPhrases.isEmpty {
            let list = Self.list(rowPhrases)
            let verb = rowPhrases.count == 1 && notInBackup[0].count == 1 ? "is" : "are"
            missing = "\(list) written since then \(verb) not in it"
        } else {
            missing = "nothing written since then is missing from it"
        }
        let answers = (shapesPhrase.map { "; \($0)" } ?? "") + rolledBackReminders
        guard !comingBack.isEmpty else { return missing + answers }
        let back = Self.list(comingBack.map { StoreTables.phrase($0.count, table: $0.table) })
        return missing
            + "; \(back) that the store no longer has \(comingBack.count == 1 && comingBack[0].count == 1 ? "comes" : "come") back"
            + answers
    }

    private static func list(_ phrases: [String]) -> String {
        phrases.count == 1 ? phrases[0] : phrases.dropLast().joined(separator: ", ") + " and " + (phrases.last ?? "")
    }
}
