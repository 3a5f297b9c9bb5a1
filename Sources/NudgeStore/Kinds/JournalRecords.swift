import Foundation
import GRDB
import NudgeCore

/// What a readable therapy session is: the rule by which the journal's listings leave a row out
/// (and name it), and by which `nudge doctor` counts those rows. A start that cannot be read
/// is kept (listed last); a treatment no writer gives is not.
enum TherapySessionRecord {
    static let table = "therapy_sessions"
    static let columns = ["id", "treatment_type"]

    static func unreadableColumns(_ row: Row) -> [String] {
        var broken: [String] = []
        if row.stored("id", as: String.self) == nil { broken.append("id") }
        if row.stored("treatment_type").flatMap(TherapySession.TreatmentType.init(rawValue:)) == nil {
            broken.append("treatment_type")
        }
        return broken
    }
}

/// What a readable reflection is, for the journal's listings and `nudge doctor` alike.
enum TherapyReflectionRecord {
    static let table = "therapy_reflections"
    static let columns = ["id", "session_id", "written_at", "text"]

    static func unreadableColumns(_ row: Row) -> [String] {
        var broken: [String] = []
        if row.stored("id", as: String.self) == nil { broken.append("id") }
        if row.stored("session_id", as: String.self) == nil { broken.append("session_id") }
        if row.stored("written_at").flatMap(Timestamp.parse) == nil { broken.append("written_at") }
        if row.stored("text", as: String.self) == nil { broken.append("text") }
        return broken
    }
}
