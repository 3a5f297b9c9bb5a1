import Foundation
import GRDB
import NudgeCore

/// What a readable call is: the one rule by which `call history` leaves a row out (and names it
/// by id), and by which `nudge doctor` counts those rows. Its id must be text, its contact an
/// id and its time a time; a length or mood nudge cannot use reads as none.
enum CallLogRecord {
    static let table = "call_logs"
    /// The columns the rule reads.
    static let columns = ["id", "contact_id", "called_at"]

    /// The columns of `row` nudge cannot read, in the order of `columns`; empty for a readable row.
    static func unreadableColumns(_ row: Row) -> [String] {
        var broken: [String] = []
        if row.stored("id", as: String.self) == nil { broken.append("id") }
        if row.stored("contact_id", as: Int64.self) == nil { broken.append("contact_id") }
        if row.stored("called_at").flatMap(Timestamp.parse) == nil { broken.append("called_at") }
        return broken
    }
}
