import Foundation
import GRDB
import NudgeCore

/// What a readable meditation session is: the one rule by which the listings, the calendar and
/// the daemon leave a row out (and name it), and by which `nudge doctor` counts those rows. Its
/// times must be times and its lengths and offset within what any session lasts or any zone is
/// offset by (sums and dates would overflow); the other columns are read leniently.
enum MeditationRecord {
    static let table = "meditation_sessions"
    static let day = 86400
    /// The columns the rule reads.
    static let columns = ["id", "started_at", "planned_seconds", "utc_offset_minutes", "ended_at", "actual_seconds"]

    /// The columns of `row` nudge cannot read, in the order of `columns`; empty for a readable row.
    static func unreadableColumns(_ row: Row) -> [String] {
        var broken: [String] = []
        if row.stored("id", as: String.self) == nil { broken.append("id") }
        if row.stored("started_at").flatMap(Timestamp.parse) == nil { broken.append("started_at") }
        if !(row.stored("planned_seconds", as: Int.self).map((1...day).contains) ?? false) {
            broken.append("planned_seconds")
        }
        if !(row.stored("utc_offset_minutes", as: Int.self).map((-18 * 60...18 * 60).contains) ?? false) {
            broken.append("utc_offset_minutes")
        }
        if row.stored("ended_at").flatMap(Timestamp.parse) != nil,
            let actual = row.stored("actual_seconds", as: Int.self), actual > day
        {
            broken.append("actual_seconds")
        }
        return broken
    }
}
