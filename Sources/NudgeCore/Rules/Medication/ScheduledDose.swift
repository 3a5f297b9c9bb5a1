import Foundation

/// One dose of a medication taken by day: its name, the local day and the time of day it is due
/// on. Its reminders' keys are built from it (`medication:modafinil:2026-11-26:0800`), then a
/// suffix for what follows the first: `:again:N` (a repeat), `:snooze:N`, `:unanswered` (the
/// instant it is recorded not taken), `:second:N` (whether a *Taken* the dose had an entry for
/// was a second dose: ``MedicationReminder/secondDoseAnswers``). A key is built from the name, the day and the time, never
/// a row id, so the same dose keeps its key across a remove and an add.
public struct ScheduledDose: Sendable, Hashable {
    public var medicationID: String
    public var date: CivilDate
    public var time: LocalTime

    public init(medicationID: String, date: CivilDate, time: LocalTime) {
        self.medicationID = medicationID
        self.date = date
        self.time = time
    }

    /// What the key says after the dose.
    public enum Follow: Sendable, Equatable {
        case first
        case again(Int)
        case snooze
        case unanswered
        /// Asked after a *Taken* that recorded nothing, the dose taken already: its answer
        /// records a second entry or nothing, and never settles the dose.
        case secondDoseQuestion
    }

    /// The key of the dose's first reminder; its follow-ups' keys start with it and a colon.
    public var key: String {
        // A custom name may hold a colon: escaped, so the key still reads in four parts.
        let name = medicationID.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: ":", with: "%3A")
        let hhmm = String(time.description.filter { $0 != ":" })
        return "\(MedicationReminder.keyPrefix)\(name):\(date):\(hhmm)"
    }

    public func key(_ follow: Follow) -> String {
        switch follow {
        case .first: key
        case .again(let number): "\(key):again:\(number)"
        case .snooze: "\(key):snooze:"
        case .unanswered: "\(key):unanswered"
        case .secondDoseQuestion: "\(key):second:"
        }
    }

    /// The dose and what follows it, from a key; nil for a key that is not a medication's.
    public static func parse(_ key: String) -> (dose: ScheduledDose, follow: Follow)? {
        let parts = key.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 4, "\(parts[0]):" == MedicationReminder.keyPrefix, let date = CivilDate(iso: parts[2]),
            parts[3].count == 4, let hour = Int(parts[3].prefix(2)), let minute = Int(parts[3].suffix(2)),
            let time = LocalTime(hour: hour, minute: minute), let name = parts[1].removingPercentEncoding
        else { return nil }
        let dose = ScheduledDose(medicationID: name, date: date, time: time)
        switch Array(parts.dropFirst(4)) {
        case []: return (dose, .first)
        case ["unanswered"]: return (dose, .unanswered)
        case let rest where rest.count == 2 && rest[0] == "snooze": return (dose, .snooze)
        case let rest where rest.count == 2 && rest[0] == "second": return (dose, .secondDoseQuestion)
        case let rest where rest.count == 2 && rest[0] == "again": return Int(rest[1]).map { (dose, .again($0)) }
        default: return nil
        }
    }
}
