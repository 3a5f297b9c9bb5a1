extension SettingKey {
    public static let callDuringDoNotDisturb = SettingKey.duringDoNotDisturb("call", default: .hold)
}

/// A call reminder waits for Do Not Disturb to end.
extension CallReminder: DoNotDisturbRule {
    public var doNotDisturbSetting: SettingKey { .callDuringDoNotDisturb }
}
