import Foundation

/// `nudge meds history`: each dose of a medication taken by day that has come due, by the
/// schedule in effect when it came due (each version `meds add`, `edit` and `remove` kept), with
/// what became of it, and every other entry DoseTap's reader sees, by local day. An entry takes a
/// dose as the reminders count it (``DoseMatching``); one that takes none is listed on its own. An entry wins over a dose recorded skipped or missed:
/// it says the medication was taken, later.
///
/// An entry is read by the wall clock it was taken by (its recorded offset): a dose taken at
/// 08:05 in New York is the 08:00 dose of that day, taken on time, when the list is read in
/// Berlin; by today's zone it would be 14:05 and take no dose at all.
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
        /// The time of day it was taken, by the clock where it was taken.
        public var takenTime: LocalTime?
        public var doseMg: Int?
        /// A dose another program wrote that is no whole number of milligrams.
        public var doseIsUnreadable = false
        /// How late it was taken, in whole minutes.
        public var lateMinutes: Int?
        /// Answered *Taken* on its notification within DoseTap's duplicate guard of the entry
        /// it is listed with, which stands for another dose too: nothing was recorded twice.
        public var withinGuard = false
        /// Where it goes in its day: when due, else when taken, on today's clock.
        var wallInstant: Date

        init(
            date: CivilDate, medicationID: String, dueAt: Date?, dueTime: LocalTime?, outcome: Outcome,
            doseMg: Int?, wallInstant: Date
        ) {
            (self.date, self.medicationID, self.dueAt, self.dueTime) = (date, medicationID, dueAt, dueTime)
            (self.outcome, self.doseMg, self.wallInstant) = (outcome, doseMg, wallInstant)
        }

        /// What the entry says was taken, where it was taken.
        mutating func take(_ entry: MedicationReminder.Facts.Entry, wallInstant taken: Date, clock: WallClock) {
            takenAt = entry.takenAt
            let seconds = clock.local(taken).secondsOfDay
            takenTime = LocalTime(hour: seconds / 3600, minute: seconds / 60 % 60)
            if entry.doseIsUnreadable { (doseMg, doseIsUnreadable) = (nil, true) }
            doseMg = entry.doseMg ?? doseMg
        }
    }

    /// An entry's instant moved to the same time of day on `clock`, where it was taken by
    /// another (a recorded offset that is not the zone's at that instant: the zone changed).
    /// An offset of 0 is also the column's default, which a writer that knows no zone leaves:
    /// such an entry is read by today's zone, as one with no offset.
    static func wallInstant(_ entry: MedicationReminder.Facts.Entry, clock: WallClock) -> Date {
        guard let minutes = entry.offsetMinutes, minutes != 0, abs(minutes) <= 18 * 60 else { return entry.takenAt }
        let shift = minutes * 60 - clock.offset(at: Int(entry.takenAt.timeIntervalSince1970.rounded(.down)))
        return entry.takenAt.addingTimeInterval(TimeInterval(shift))
    }

    /// Newest day first; in a day, by time.
    public static func items(
        _ facts: MedicationReminder.Facts, days: ClosedRange<CivilDate>, now: Date, repeatMinutes: Int,
        clock: WallClock
    ) -> [Item] {
        var items: [Item] = []
        let every = TimeInterval(repeatMinutes * 60)
        let taken = facts.entries.map { wallInstant($0, clock: clock) }
        let replaced = replaced(facts, taken: taken)
        let doses = doses(facts, days: days.lowerBound.adding(days: -1)...days.upperBound.adding(days: 1), clock: clock)
            .filter { !replaced.contains($0.due.dose) }
        var tookDose: [ScheduledDose: Int] = [:]
        for medicationID in Set(doses.map(\.due.dose.medicationID)) {
            let own = facts.entries.indices.filter { facts.entries[$0].medicationID == medicationID }
            let matched = DoseMatching.entries(
                own.map { taken[$0] }, doses: doses.map(\.due).filter { $0.dose.medicationID == medicationID },
                remindedFor: MedicationReminder.remindedFor(repeatMinutes: repeatMinutes),
                answeredTaken: facts.answeredTaken(medicationID))
            tookDose.merge(matched.mapValues { own[$0] }) { first, _ in first }
        }
        var used = Set<Int>()
        // A dose taken early is listed taken before its time comes, as it is after (hostile round
        // of issue 40: its entry was "not scheduled" until then).
        for (due, scheduled) in doses
        where days.contains(due.dose.date) && (due.dueAt <= now || tookDose[due.dose] != nil) {
            let (dose, dueAt) = (due.dose, due.dueAt)
            var item = Item(
                date: dose.date, medicationID: dose.medicationID, dueAt: dueAt, dueTime: dose.time, outcome: .open,
                doseMg: scheduled.schedule.doseMg, wallInstant: dueAt)
            if let entry = tookDose[dose] {
                used.insert(entry)
                let late = max(0, Int(taken[entry].timeIntervalSince(dueAt) / 60))
                item.outcome = taken[entry] < dueAt.addingTimeInterval(every) ? .taken : .late
                item.take(facts.entries[entry], wallInstant: taken[entry], clock: clock)
                // Due by the clock it was taken by.
                item.dueAt = dueAt.addingTimeInterval(facts.entries[entry].takenAt.timeIntervalSince(taken[entry]))
                item.lateMinutes = item.outcome == .late ? late : nil
            } else if let (entry, answered) = facts.guardStanding(for: dose) {
                // Its answer recorded nothing: it was taken, as the entry it stood on says
                // (issue 42: listed missed after the person answered Taken).
                used.insert(entry)
                item.outcome = answered < dueAt.addingTimeInterval(every) ? .taken : .late
                item.take(facts.entries[entry], wallInstant: taken[entry], clock: clock)
                item.lateMinutes = item.outcome == .late ? max(0, Int(answered.timeIntervalSince(dueAt) / 60)) : nil
                item.withinGuard = true
            } else if let outcome = facts.notTaken[dose] {
                item.outcome = outcome == .skipped ? .skipped : .missed
            } else if now
                >= asked(dose, dueAt: dueAt, facts).addingTimeInterval(every * Double(MedicationReminder.repeats + 1)),
                !facts.attempts(of: dose).contains(where: \.isPending)
            {
                // Past its repeats: missed, though no daemon ran to record it; not while
                // a snooze of it waits (hostile round 12 of issue 40: listed missed).
                item.outcome = .missed
            }
            items.append(item)
        }
        items += recordedElsewhen(facts, days: days, besides: items, clock: clock)
        for (index, entry) in facts.entries.enumerated() where !used.contains(index) {
            let date = clock.date(of: taken[index])
            guard days.contains(date) else { continue }
            var item = Item(
                date: date, medicationID: entry.medicationID, dueAt: nil, dueTime: nil, outcome: .unscheduled,
                doseMg: nil, wallInstant: taken[index])
            item.take(entry, wallInstant: taken[index], clock: clock)
            items.append(item)
        }
        return items.sorted {
            guard $0.date == $1.date else { return $0.date > $1.date }
            return ($0.wallInstant, $0.medicationID) < ($1.wallInstant, $1.medicationID)
        }
    }

    /// Each dose of `days` by the version in effect when it came due (issue 40: an edit
    /// rewrote past days), due or not (an entry taken early is matched by the dose ahead). None
    /// due before the medication's first version (hostile round of issue 42: an entry from
    /// before `meds add` was listed as a dose of the day before, 15 hours late), unless
    /// something was recorded of it (made before nudge kept versions). A dose a move brought
    /// to a time before its edit is the moving version's alone: a later version has the same
    /// time of that day too (issue 40, High 1: listed twice after a later `--dose` edit).
    private static func doses(_ facts: MedicationReminder.Facts, days: ClosedRange<CivilDate>, clock: WallClock)
        -> [(due: DoseMatching.Due, scheduled: ScheduledMedication)]
    {
        var found: [(due: DoseMatching.Due, scheduled: ScheduledMedication)] = []
        for scheduled in facts.schedules {
            let isFirst = !facts.schedules.contains {
                $0.schedule.medicationID == scheduled.schedule.medicationID && $0.since < scheduled.since
            }
            for day in sequence(first: days.lowerBound, next: { $0 < days.upperBound ? $0.adding(days: 1) : nil }) {
                for (dose, dueAt) in scheduled.doses(on: day, clock: clock)
                where dueAt < (scheduled.until ?? .distantFuture)
                    && (dueAt >= scheduled.since || isFirst && facts.notTaken[dose] != nil
                        || facts.moved.contains { $0.to == dose && $0.edit == scheduled.since })
                {
                    found.append((DoseMatching.Due(dose: dose, dueAt: dueAt), scheduled))
                }
            }
        }
        return found
    }

    /// When a dose was first asked: at its time, or at the edit that moved it to a time past.
    private static func asked(_ dose: ScheduledDose, dueAt: Date, _ facts: MedicationReminder.Facts) -> Date {
        facts.moved.first { $0.to == dose }.map { max(dueAt, $0.edit) } ?? dueAt
    }

    /// Of each dose an edit moved on its day, the one that is not the day's dose: the new one
    /// where the moved one was settled before the edit (it stays as it was), else the moved
    /// one (the new one is asked in its place).
    private static func replaced(_ facts: MedicationReminder.Facts, taken: [Date]) -> Set<ScheduledDose> {
        Set(facts.moved.map { facts.wasSettled($0, taken: taken) ? $0.to : $0.from })
    }

    /// The doses recorded skipped or missed at a time the medication no longer has (an edit
    /// moved it, or it was removed): what was recorded stays in the history.
    private static func recordedElsewhen(
        _ facts: MedicationReminder.Facts, days: ClosedRange<CivilDate>, besides listed: [Item], clock: WallClock
    ) -> [Item] {
        facts.notTaken.compactMap { dose, outcome in
            guard days.contains(dose.date),
                !listed.contains(where: {
                    $0.date == dose.date && $0.medicationID == dose.medicationID && $0.dueTime == dose.time
                }),
                let dueAt = clock.instant(on: dose.date, at: dose.time)
            else { return nil }
            return Item(
                date: dose.date, medicationID: dose.medicationID, dueAt: dueAt, dueTime: dose.time,
                outcome: outcome == .skipped ? .skipped : .missed,
                doseMg: facts.schedules.last {
                    $0.schedule.medicationID == dose.medicationID && $0.since <= dueAt
                }?.schedule.doseMg ?? facts.schedule(dose.medicationID)?.schedule.doseMg,
                wallInstant: dueAt)
        }
    }
}
