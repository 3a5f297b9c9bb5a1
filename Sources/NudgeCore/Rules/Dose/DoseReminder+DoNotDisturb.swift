extension SettingKey {
    public static let doseDuringDoNotDisturb = SettingKey.duringDoNotDisturb("dose", default: .breakThrough)
}

/// The dose-2 alarm, its follow-ups and warnings break through Do Not Disturb unless told not to.
extension DoseReminder: DoNotDisturbRule {
    public var doNotDisturbSetting: SettingKey { .doseDuringDoNotDisturb }
}
