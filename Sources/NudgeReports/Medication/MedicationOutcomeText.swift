import Foundation
import NudgeCore

/// What became of a dose, in words: `taken at 08:03`, `taken at 10:10, 2h 10m late`,
/// `skipped`... as `nudge meds history` and the report say it. On a fall-back night a time the
/// clock read twice names its zone, `01:30 EDT`, `taken at 01:10 EST, 40m late` (hostile round
/// of issue 40: "01:10, 40m late" for a 01:30 dose read as nonsense).
public enum MedicationOutcomeText {
    public static func text(_ item: MedicationHistory.Item, clock: WallClock) -> String {
        if item.withinGuard { return withinGuard(item, clock: clock) }
        let taken = item.takenTime.map { "taken at \(takenText($0, at: item.takenAt, clock: clock))" } ?? "taken"
        switch item.outcome {
        case .taken: return taken
        case .late: return "\(taken), \(late(item.lateMinutes ?? 0)) late"
        case .skipped: return "skipped"
        case .missed: return "missed"
        case .open: return "not answered yet"
        case .unscheduled: return "\(taken), not scheduled"
        }
    }

    /// A dose answered *Taken* whose answer DoseTap's guard kept from a second entry:
    /// `taken, answered within DoseTap's 5-minute guard of the entry at 08:00`.
    private static func withinGuard(_ item: MedicationHistory.Item, clock: WallClock) -> String {
        let lateness = item.outcome == .late ? ", \(late(item.lateMinutes ?? 0)) late" : ""
        let entry = item.takenTime.map { " at \(takenText($0, at: item.takenAt, clock: clock))" } ?? ""
        return
            "taken\(lateness), answered within DoseTap's \(KnownMedication.duplicateGuardMinutes)-minute guard of the entry\(entry)"
    }

    /// When the dose was due: `08:00`, `01:30 EDT` where the clock read it twice, or the
    /// spring-forward's words where it skipped it; nothing for an entry that took no dose.
    public static func due(_ item: MedicationHistory.Item, clock: WallClock) -> String {
        guard let time = item.dueTime else { return "" }
        if let dueAt = item.dueAt, clock.isRepeated(dueAt),
            clock.local(dueAt).secondsOfDay / 60 * 60 == time.secondsOfDay
        {
            return LocalFormat.time(dueAt, clock: clock)
        }
        return clock.dueText(on: item.date, at: time)
    }

    /// The time taken, by the clock where it was taken; with the zone where that is this clock
    /// and it read that minute twice.
    private static func takenText(_ time: LocalTime, at instant: Date?, clock: WallClock) -> String {
        guard let instant, clock.local(instant).secondsOfDay / 60 * 60 == time.secondsOfDay else {
            return clock.text(time)
        }
        return LocalFormat.time(instant, clock: clock)
    }

    /// `200 mg`, `4.5 g`; `unreadable` where another program wrote no number, never nothing.
    public static func dose(_ item: MedicationHistory.Item) -> String {
        item.doseIsUnreadable ? "unreadable" : item.doseMg.map(MedicationDose.text) ?? ""
    }

    /// `25m`, `2h 10m`, `3h`.
    public static func late(_ minutes: Int) -> String {
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        guard hours > 0 else { return "\(rest)m" }
        return rest == 0 ? "\(hours)h" : "\(hours)h \(rest)m"
    }
}
