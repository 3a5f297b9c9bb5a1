import Foundation

/// What the store says that the schedule depends on.
public struct ScheduleInput: Sendable {
    public var settings: Settings
    /// Every owed delivery row, and the settled ones due from two days before the instant asked
    /// about (of the kinds that plan from them).
    public var deliveries: [DeliveryRecord]
    /// The kinds this plan knows, each with its own facts from its app's tables, in registry
    /// order: the schedule plans, and the daemon shows, only these.
    public var kinds: [any PlannedKind]
    /// When nudge first met the store: nothing due before it is recorded as missed.
    public var storeCreatedAt: Date?
    /// The machine's sleep clock, read with the store (a session slept through ends there).
    public var sleep: SleepReading?

    public init(
        settings: Settings, deliveries: [DeliveryRecord], kinds: [any PlannedKind], storeCreatedAt: Date? = nil
    ) {
        self.settings = settings
        self.deliveries = deliveries
        self.kinds = kinds
        self.storeCreatedAt = storeCreatedAt
    }

    /// How far back `deliveries` must reach for a plan or listing at an instant.
    public static let lookback: TimeInterval = 2 * 86400

    /// The kind of that name with its facts; nil for one this plan does not know.
    public func kind(_ kind: ReminderKind) -> (any PlannedKind)? { kinds.first { $0.kind == kind } }
}

extension ReminderRule {
    public func isEnabled(_ input: ScheduleInput) -> Bool { enabledSetting.map(input.settings.bool) ?? true }
}
