import Foundation
import GRDB
import NudgeCore

/// What a readable diary entry is: the one rule by which the listing, every export, the chart,
/// the HTML report and the daemon's summary leave a row out (and name it), and by which
/// `nudge doctor` counts the rows they leave out, so that the two always agree.
enum SymptomRecord {
    static let table = "symptom_entries"
    /// The columns the rule reads.
    static let columns = ["id", "name", "severity", "logged_at"]

    /// The columns of `row` nudge cannot read, in the order of `columns`; empty for a readable
    /// entry. A name must be text with something visible in it (a blob or `'   '` is no
    /// name to show a doctor), a severity a whole number on the scale, a time a time.
    /// `created_at` and `updated_at` are not read by any listing, so they are not part of it.
    static func unreadableColumns(_ row: Row) -> [String] {
        unreadableColumns(row, loggedAt: row.stored("logged_at").flatMap(Timestamp.parse))
    }

    /// The entry in `row`, whose `logged_at` reads as `loggedAt`; nil, noted as left out, when
    /// the rule finds it unreadable. The caller's parsed time is used: a whole diary's export
    /// parses each time once.
    static func entry(_ row: Row, loggedAt: Date?, notes: Bool) -> SymptomEntry? {
        guard unreadableColumns(row, loggedAt: loggedAt).isEmpty, let loggedAt, let id: String = row.stored("id"),
            let name: String = row.stored("name"), let severity: Int = row.stored("severity")
        else {
            UnreadableRows.note(table, row)
            return nil
        }
        return SymptomEntry(
            id: id, name: name, severity: severity, loggedAt: loggedAt, notes: notes ? row.stored("notes") : nil)
    }

    private static func unreadableColumns(_ row: Row, loggedAt: Date?) -> [String] {
        var broken: [String] = []
        if !(row.stored("id", as: String.self).map(isID) ?? false) { broken.append("id") }
        if !isName(row) { broken.append("name") }
        if !(row.stored("severity", as: Int.self).map(SymptomEntry.severities.contains) ?? false) {
            broken.append("severity")
        }
        if loggedAt == nil { broken.append("logged_at") }
        return broken
    }

    private static func isName(_ row: Row) -> Bool {
        guard row.hasColumn("name"), case .string(let text) = (row["name"] as DatabaseValue).storage else {
            return false
        }
        return !TextInput.isBlank(text)
    }
}

extension SymptomRecord {
    /// An id `symptoms edit ID` can be given: one word of at most 64 characters. One of
    /// blanks or words (another program's) could be neither shown whole nor typed back.
    static func isID(_ text: String) -> Bool {
        (1...64).contains(text.count)
            && !text.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control }
    }

    /// The SQL condition of a row whose id is none (`isID`), for the fix doctor gives.
    static let idIsNoneSQL =
        "typeof(id) <> 'text' OR id = '' OR length(id) > 64 OR instr(id, ' ') > 0 OR instr(id, char(9)) > 0 OR instr(id, char(10)) > 0"
}

extension Store {
    /// The rows of `table` doctor's fix gives a new id: those whose id a listing cannot name.
    public static func rowsWithoutIDSQL(_ table: String) -> String {
        table == SymptomRecord.table ? SymptomRecord.idIsNoneSQL : "typeof(id) <> 'text'"
    }
}
