/// A kind whose notifications the desktop's Do Not Disturb may hold: its
/// `KIND.during_do_not_disturb` setting says whether they wait for it to end (``DuringDoNotDisturb/hold``)
/// or break through it (critical urgency, nudge's own sound where the server holds even those).
/// The key's default is the kind's: an alarm breaks through, a check-in waits. A kind without
/// this capability always breaks through; a bell (``Presentation/bell(_:_:)``) is never held.
///
/// ```swift
/// extension SymptomReminder: DoNotDisturbRule {
///     public var doNotDisturbSetting: SettingKey { .symptomDuringDoNotDisturb }
/// }
/// ```
public protocol DoNotDisturbRule<Facts>: ReminderRule {
    /// The rule's ``ReminderRule/Facts``, named again so that a kind's input can ask for this
    /// capability of the facts it holds (`any DoNotDisturbRule<Rule.Facts>`).
    associatedtype Facts
    /// Its `KIND.during_do_not_disturb` key, listed in its ``ReminderRule/settingKeys``.
    var doNotDisturbSetting: SettingKey { get }
    /// Whether the occurrence of `key` may wait for Do Not Disturb to end (every one, unless the
    /// kind says otherwise): what the person started themselves, a meditation's end, never waits.
    func mayWait(key: String) -> Bool
}

extension DoNotDisturbRule {
    public func mayWait(key: String) -> Bool { true }
}

/// What a kind's notifications do while the desktop is in Do Not Disturb.
public enum DuringDoNotDisturb: String, Sendable, CaseIterable {
    /// Not sent, not counted as shown, never missed for it; shown when Do Not Disturb ends.
    case hold
    /// Sent with critical urgency.
    case breakThrough = "break-through"
}

extension SettingKey {
    /// A kind's `KIND.during_do_not_disturb` key.
    public static func duringDoNotDisturb(_ kind: String, default choice: DuringDoNotDisturb) -> SettingKey {
        SettingKey(
            "\(kind).during_do_not_disturb", .oneOf(DuringDoNotDisturb.allCases.map(\.rawValue)),
            default: choice.rawValue)
    }
}

extension Settings {
    public func duringDoNotDisturb(_ key: SettingKey) -> DuringDoNotDisturb {
        DuringDoNotDisturb(rawValue: self[key]) ?? DuringDoNotDisturb(rawValue: key.defaultValue) ?? .breakThrough
    }
}
