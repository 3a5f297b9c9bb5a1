import Foundation

/// Whether an occurrence found late is still shown, or recorded as missed.
public enum Lateness: Sendable, Equatable {
    case show
    case missed

    /// A wake-up this close after the due instant is on time whatever the policy, so a timer
    /// that fires a hair after midnight never turns 23:59:59 into a missed reminder.
    public static let onTimeGrace: TimeInterval = 60
}
