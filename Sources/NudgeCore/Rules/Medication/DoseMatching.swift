import Foundation

/// Which dose of a medication each of its entries takes: the one rule the reminders (whether a
/// dose is settled), `upcoming` and `meds history` share. Entries are taken in time order, each
/// by one dose not yet taken, first that fits of:
/// 1. the latest dose due and still being reminded (due, before its repeats end): the dose on
///    screen, never a later one not yet due while an earlier is open;
/// 2. the first dose due within the next hour (taken a little early);
/// 3. the latest dose due, until an hour before the dose after it, at most a day (taken late).
///
/// A dose answered *Taken* on its notification takes, before all of that, the first entry
/// written after that notification was shown: the entry the button wrote.
public enum DoseMatching {
    public struct Due: Sendable, Equatable {
        public var dose: ScheduledDose
        public var dueAt: Date

        public init(dose: ScheduledDose, dueAt: Date) {
            self.dose = dose
            self.dueAt = dueAt
        }
    }

    /// How early an entry may take a dose.
    public static let early: TimeInterval = 3600

    /// How long after its dose's instant an entry is the one its *Taken* wrote: later, the
    /// entry is another day's and would take that day's dose.
    public static let answeredReach: TimeInterval = 86400 + early

    /// For each dose of `doses` (one medication's) that an entry took, the index of that entry
    /// in `entries`. `remindedFor`: from a dose's instant until its last repeat ends;
    /// `answeredTaken`: the doses answered *Taken* on a notification, with when it was shown.
    public static func entries(
        _ entries: [Date], doses: [Due], remindedFor: TimeInterval, answeredTaken: [ScheduledDose: Date] = [:]
    ) -> [ScheduledDose: Int] {
        let doses = doses.sorted { $0.dueAt < $1.dueAt }
        let order = entries.indices.sorted { entries[$0] < entries[$1] }
        let lateEnds = doses.indices.map { index in
            let next = index + 1 < doses.count ? doses[index + 1].dueAt : .distantFuture
            return min(next, doses[index].dueAt.addingTimeInterval(86400 + early)).addingTimeInterval(-early)
        }
        var taken: [ScheduledDose: Int] = [:]
        for due in doses {
            guard let shown = answeredTaken[due.dose],
                let entry = order.first(where: {
                    !taken.values.contains($0) && entries[$0] >= shown
                        && entries[$0] < due.dueAt.addingTimeInterval(answeredReach)
                })
            else { continue }
            taken[due.dose] = entry
        }
        for entry in order where !taken.values.contains(entry) {
            let instant = entries[entry]
            let open = doses.indices.filter { taken[doses[$0].dose] == nil }
            let onScreen = open.last {
                doses[$0].dueAt <= instant && instant < doses[$0].dueAt.addingTimeInterval(remindedFor)
            }
            let soon = open.first { doses[$0].dueAt.addingTimeInterval(-early) <= instant && instant < doses[$0].dueAt }
            let late = open.last { doses[$0].dueAt <= instant && instant < lateEnds[$0] }
            guard let index = onScreen ?? soon ?? late else { continue }
            taken[doses[index].dose] = entry
        }
        return taken
    }
}
