import Foundation

/// Why several reminders were found late at once: the late summary's title says it. Read from
/// their deliveries and the daemon's facts, never from a kind.
public enum LateCause: Sendable, Equatable {
    /// Each was held during Do Not Disturb (`DeliveryRecord.heldAt`) and released together.
    case doNotDisturb
    /// Each was on screen, unanswered, when the notification server restarted and lost it
    /// (`DeliveryRecord.lostAt`): owed again, or shown again (a summary reworded on unlock).
    case serverRestarted
    /// Some held during Do Not Disturb, the others lost with a restarted server.
    case doNotDisturbAndServerRestarted
    /// The machine was up, without a sleep, since before the oldest was due, and the daemon
    /// started after: nudge itself was stopped.
    case nudgeStopped
    /// Off or asleep, or what cannot be told apart from it.
    case computerOff

    public var title: String {
        switch self {
        case .doNotDisturb: "While Do Not Disturb was on"
        case .serverRestarted: "Still unanswered after notifications restarted"
        case .doNotDisturbAndServerRestarted: "While Do Not Disturb was on and notifications restarted"
        case .nudgeStopped: "While nudge was stopped"
        case .computerOff: "While the computer was off"
        }
    }

    /// - Parameters:
    ///   - machineUpSince: since when the machine has been up without a sleep; nil when unknown
    ///     or it slept.
    ///   - daemonStartedAt: when this daemon started.
    public static func of(
        _ late: [Occurrence], input: ScheduleInput, machineUpSince: Date?, daemonStartedAt: Date
    ) -> LateCause {
        // What befell each: one shown and lost with a restarted server is late for the
        // restart, whether Do Not Disturb held it before (it may be long over) or after (its
        // showing was before the quiet); one held and never shown, for Do Not Disturb.
        let lost = Set(input.deliveries.filter(\.lateForItsLoss).map(\.key))
        let held = late.filter { occurrence in
            !lost.contains(occurrence.key)
                && input.deliveries.contains { $0.key == occurrence.key && $0.heldAt != nil }
        }
        let lostCount = late.count { lost.contains($0.key) }
        if !late.isEmpty && held.count == late.count { return .doNotDisturb }
        if !late.isEmpty && lostCount == late.count { return .serverRestarted }
        if !held.isEmpty && lostCount > 0 && held.count + lostCount == late.count {
            return .doNotDisturbAndServerRestarted
        }
        // Owed from the loss, those lost say nothing of why the others are late.
        let late = late.filter { !lost.contains($0.key) }
        guard let oldest = late.map(\.dueAt).min(), let machineUpSince, machineUpSince <= oldest,
            late.allSatisfy({ $0.dueAt < daemonStartedAt })
        else { return .computerOff }
        return .nudgeStopped
    }
}
