import Foundation

/// `nudge meds history`: each dose of a medication taken by day that has come due, with what
/// became of it, and every other entry DoseTap's reader sees, by local day. An entry takes a
/// dose as the reminders count it (from an hour before it until an hour before the next); one
/// that takes none is listed on its own. An entry wins over a dose recorded skipped or missed:
/// it says the medication was taken, later.
public struct MedicationHistory: Sendable {
    public enum Outcome: String, Sendable, Equatable, Codable {
        /// Taken before its first repeat would have come.
        case taken
        /// Taken, but after that.
        case late
        case skipped
        case missed
        /// Due, and still being reminded.
        case open
        /// An entry that takes no dose of a medication taken by day.
        case unscheduled
    }

    public struct Item: Sendable, Equatable {
        public var date: CivilDate
        public var medicationID: String
        /// The dose's instant; nil for an unscheduled entry.
        public var dueAt: Date?
        public var dueTime: LocalTime?
        public var outcome: Outcome
        public var takenAt: Date?
        public var doseMg: Int?
        /// How late it was taken, in whole minutes.
        public var lateMinutes: Int?

        /// Where it goes in its day: when due, else when taken.
        var instant: Date { dueAt ?? takenAt ?? .distantPast }
    }

    /// Newest day first; in a day, by time.
    public static func items(
        _ facts: MedicationReminder.Facts, days: ClosedRange<CivilDate>, now: Date, repeatMinutes: Int,
        clock: WallClock
    ) -> [Item] {
        var items: [Item] = []
        var used = Set<Int>()
        let every = TimeInterval(repeatMinutes * 60)
        for scheduled in facts.schedules {
            for day in sequence(first: days.lowerBound, next: { $0 < days.upperBound ? $0.adding(days: 1) : nil }) {
                for (dose, dueAt) in scheduled.doses(on: day, clock: clock)
                where dueAt >= scheduled.since && dueAt <= now {
                    let span = scheduled.span(of: dose, clock: clock)
                    let entry = facts.entries.indices.filter {
                        !used.contains($0) && facts.entries[$0].medicationID == dose.medicationID
                            && span?.contains(facts.entries[$0].takenAt) == true
                    }.min { facts.entries[$0].takenAt < facts.entries[$1].takenAt }
                    var item = Item(
                        date: day, medicationID: dose.medicationID, dueAt: dueAt, dueTime: dose.time, outcome: .open,
                        doseMg: scheduled.schedule.doseMg)
                    if let entry {
                        used.insert(entry)
                        let taken = facts.entries[entry]
                        let late = max(0, Int(taken.takenAt.timeIntervalSince(dueAt) / 60))
                        item.outcome = taken.takenAt < dueAt.addingTimeInterval(every) ? .taken : .late
                        (item.takenAt, item.doseMg) = (taken.takenAt, taken.doseMg ?? item.doseMg)
                        item.lateMinutes = item.outcome == .late ? late : nil
                    } else if let outcome = facts.notTaken[dose] {
                        item.outcome = outcome == .skipped ? .skipped : .missed
                    } else if now >= dueAt.addingTimeInterval(every * Double(MedicationReminder.repeats + 1)) {
                        // Past its repeats: missed, though no daemon ran to record it.
                        item.outcome = .missed
                    }
                    items.append(item)
                }
            }
        }
        for (index, entry) in facts.entries.enumerated() where !used.contains(index) {
            let date = clock.date(of: entry.takenAt)
            guard days.contains(date) else { continue }
            items.append(
                Item(
                    date: date, medicationID: entry.medicationID, dueAt: nil, dueTime: nil, outcome: .unscheduled,
                    takenAt: entry.takenAt, doseMg: entry.doseMg))
        }
        return items.sorted {
            guard $0.date == $1.date else { return $0.date > $1.date }
            return ($0.instant, $0.medicationID) < ($1.instant, $1.medicationID)
        }
    }
}
