import Foundation

/// A dose that `meds edit` moved on the day of the edit: one that came due before the edit
/// (`from`), and the new schedule's dose of that day that stands in its place (`to`). The day
/// keeps its number of doses (hostile round of issue 40: an 08:00 dose taken at 08:03, then
/// `--at 12:00` that morning, asked for a second dose at 12:00): the new dose is settled if the
/// moved one was (taken, skipped, recorded), and asked in its place if it was not, never both.
public struct MovedDose: Sendable, Equatable {
    public var from: ScheduledDose
    public var to: ScheduledDose
    /// The edit's instant.
    public var edit: Date
    /// The doses of that day that came due before the edit: an entry before it takes one of
    /// them, by ``DoseMatching``, as it did then.
    public var dueBefore: [DoseMatching.Due]

    /// The moves the versions of medications make, `spans` each medication's oldest first (as
    /// ``MedicationScheduleVersion/spans(_:current:)`` gives them). A time both versions have
    /// keeps its dose; the doses that came due and are not in the new version are paired, in
    /// time order, with the new version's doses not in the old. A version that does not follow
    /// the one before at once (a removal between) moves nothing.
    public static func all(_ spans: [ScheduledMedication], clock: WallClock) -> [MovedDose] {
        var moves: [MovedDose] = []
        for (index, span) in spans.enumerated() where index > 0 {
            let previous = spans[index - 1]
            guard previous.schedule.medicationID == span.schedule.medicationID, previous.until == span.since else {
                continue
            }
            let earlier = spans[..<index].filter { $0.schedule.medicationID == span.schedule.medicationID }
            moves += moved(into: span, replacing: previous, after: earlier, moves: moves, clock: clock)
        }
        return moves
    }

    private static func moved(
        into span: ScheduledMedication, replacing previous: ScheduledMedication, after earlier: [ScheduledMedication],
        moves: [MovedDose], clock: WallClock
    ) -> [MovedDose] {
        let edit = span.since
        let day = clock.date(of: edit)
        let dueBefore = earlier.flatMap { version in
            version.doses(on: day, clock: clock).filter {
                version.since <= $0.dueAt && $0.dueAt < min(version.until ?? edit, edit)
            }
        }
        // The doses of the day still to be given as the old version had them: those due and not
        // moved already, and those an earlier edit moved to a time still ahead.
        let carried =
            dueBefore.filter { due in !moves.contains { $0.from == due.dose } }
            + previous.doses(on: day, clock: clock).filter { due in
                due.dueAt >= edit && moves.contains { $0.to == due.dose && $0.edit == previous.since }
            }
        let new = span.doses(on: day, clock: clock)
        let old = previous.doses(on: day, clock: clock).map(\.dose) + dueBefore.map(\.dose)
        let from = carried.filter { due in !new.contains { $0.dose == due.dose } }.sorted { $0.dueAt < $1.dueAt }
        let to = new.filter { !old.contains($0.dose) }.sorted { $0.dueAt < $1.dueAt }
        return zip(from, to).map {
            MovedDose(
                from: $0.dose, to: $1.dose, edit: edit,
                dueBefore: dueBefore.map { DoseMatching.Due(dose: $0.dose, dueAt: $0.dueAt) })
        }
    }
}
