extension SettingKey {
    public static let medsDuringDoNotDisturb = SettingKey.duringDoNotDisturb("meds", default: .breakThrough)
}

/// A medication taken by day breaks through Do Not Disturb by default: a dose held for hours
/// is a dose taken late; a person who would rather wait sets `meds.during_do_not_disturb hold`.
extension MedicationReminder: DoNotDisturbRule {
    public var doNotDisturbSetting: SettingKey { .medsDuringDoNotDisturb }
}
