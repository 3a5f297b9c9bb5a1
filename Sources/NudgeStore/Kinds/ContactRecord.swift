import Foundation
import GRDB
import NudgeCore

/// What a readable contact is: the one rule by which `contacts list`, the name lookups, the
/// daemon's call reminders and the call history leave a row out (and name it by id), and by
/// which `nudge doctor` counts those rows. Its name must be text with something visible in it:
/// a blob or `'   '` names no one to call. Its cadence is read leniently (shown as unreadable).
enum ContactRecord {
    static let table = "contacts"
    /// The columns the rule reads.
    static let columns = ["id", "name"]

    /// The columns of `row` nudge cannot read, in the order of `columns`; empty for a readable row.
    static func unreadableColumns(_ row: Row) -> [String] {
        var broken: [String] = []
        if row.stored("id", as: Int64.self) == nil { broken.append("id") }
        if !row.hasColumn("name") || !isName(row["name"] as DatabaseValue) { broken.append("name") }
        return broken
    }

    /// Whether a stored name is text with something visible in it.
    static func isName(_ value: DatabaseValue) -> Bool {
        guard case .string(let text) = value.storage else { return false }
        return !TextInput.isBlank(text)
    }
}
