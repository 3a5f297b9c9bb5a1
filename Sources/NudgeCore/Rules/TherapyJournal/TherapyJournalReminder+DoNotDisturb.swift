extension SettingKey {
    public static let journalDuringDoNotDisturb = SettingKey.duringDoNotDisturb("journal", default: .hold)
}

/// A journal prompt waits for Do Not Disturb to end.
extension TherapyJournalReminder: DoNotDisturbRule {
    public var doNotDisturbSetting: SettingKey { .journalDuringDoNotDisturb }
}
