import Foundation
import NudgeCore

/// What became of a dose, in words: `taken at 08:03`, `taken at 10:10, 2h 10m late`,
/// `skipped`... as `nudge meds history` and the report say it.
public enum MedicationOutcomeText {
    public static func text(_ item: MedicationHistory.Item, clock: WallClock) -> String {
        let taken = item.takenTime.map { "taken at \(clock.text($0))" } ?? "taken"
        switch item.outcome {
        case .taken: return taken
        case .late: return "\(taken), \(late(item.lateMinutes ?? 0)) late"
        case .skipped: return "skipped"
        case .missed: return "missed"
        case .open: return "not answered yet"
        case .unscheduled: return "\(taken), not scheduled"
        }
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
