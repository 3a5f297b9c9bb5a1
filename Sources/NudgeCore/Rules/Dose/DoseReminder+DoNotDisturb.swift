extension SettingKey {
    /// Break-through only: the dose-2 alarm is a medical alarm, which Do Not Disturb never
    /// silences (issue 41). `hold` is refused when set, and a `hold` another program wrote is
    /// an ignored row (doctor names it), read as `break-through` (hostile round on issue 41
    /// after B15: `hold` was accepted and silently held the alarm while doctor said it rang).
    public static let doseDuringDoNotDisturb = SettingKey(
        "dose.during_do_not_disturb", .oneOf([DuringDoNotDisturb.breakThrough.rawValue]),
        default: DuringDoNotDisturb.breakThrough.rawValue)
}

/// The dose-2 alarm, its follow-ups and warnings break through Do Not Disturb, always.
extension DoseReminder: DoNotDisturbRule {
    public var doNotDisturbSetting: SettingKey { .doseDuringDoNotDisturb }
}
