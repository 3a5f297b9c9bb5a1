import Foundation

/// What a reminder is about; the `kind` column of `reminder_deliveries`.
public enum ReminderKind: String, Sendable, CaseIterable, Codable {
    case symptom
    case dose2
    case call

    /// The answers its notifications offer, in the order they are offered.
    public var actions: [String] {
        switch self {
        case .symptom: [SymptomReminder.doneAction, SymptomReminder.snoozeAction]
        case .dose2: [DoseAnswer.takeAction, DoseAnswer.skipAction, DoseAnswer.snoozeAction]
        case .call: [CallReminder.calledAction, CallReminder.tomorrowAction, CallReminder.dismissAction]
        }
    }

    /// How late an occurrence may still be shown; later than that it is recorded as missed.
    ///
    /// The end-of-day symptom check is only worth showing the same local day and at most four
    /// hours late: a diary prompt the next morning is noise.
    public func lateness(due: Date, now: Date, clock: WallClock) -> Lateness {
        let late = now.timeIntervalSince(due)
        if late <= Lateness.onTimeGrace { return .show }
        switch self {
        case .symptom:
            return late <= 4 * 3600 && clock.date(of: now) == clock.date(of: due) ? .show : .missed
        case .dose2, .call:
            return .show
        }
    }
}

public enum Lateness: Sendable, Equatable {
    case show
    case missed

    /// A wake-up this close after the due instant is on time whatever the policy, so a timer
    /// that fires a hair after midnight never turns 23:59:59 into a missed reminder.
    public static let onTimeGrace: TimeInterval = 60
}
