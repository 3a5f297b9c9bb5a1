extension SettingKey {
    public static let reminderDuringDoNotDisturb = SettingKey.duringDoNotDisturb("reminder", default: .hold)
}

/// A person's own reminder waits for Do Not Disturb to end, as a call reminder does: it is a
/// check-in, not an alarm.
extension OwnReminder: DoNotDisturbRule {
    public var doNotDisturbSetting: SettingKey { .reminderDuringDoNotDisturb }
}
