extension SettingKey {
    public static let symptomDuringDoNotDisturb = SettingKey.duringDoNotDisturb("symptom", default: .hold)
}

/// The symptom check waits for Do Not Disturb to end.
extension SymptomReminder: DoNotDisturbRule {
    public var doNotDisturbSetting: SettingKey { .symptomDuringDoNotDisturb }
}
